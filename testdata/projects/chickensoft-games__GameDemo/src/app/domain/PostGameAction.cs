namespace GameDemo;

public enum PostGameAction
{
  GoToMainMenu,
  RestartGame
}
