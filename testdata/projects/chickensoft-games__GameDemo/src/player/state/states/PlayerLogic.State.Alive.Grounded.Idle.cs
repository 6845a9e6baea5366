namespace GameDemo;

using System;
using Chickensoft.Introspection;
using Chickensoft.LogicBlocks;

public abstract partial record PlayerLogicState
{
  [Meta, Id("player_logic_state_alive_grounded_idle")]
  public partial record Idle : Grounded,
    IGet<Input.StartedMovingHorizontally>
  {
    public Idle()
    {
      this.OnEnter(() => Output(new Output.Animations.Idle()));
    }

    public Type On(in Input.StartedMovingHorizontally input) =>
      To<Moving>();
  }
}
