namespace GameDemo;

public enum GameOverReason
{
  Won,
  Lost,
  Quit
}
