using System.Collections.Generic;
namespace Shared;

public class Model
{
    public List<PlayerSeat> PlayerSeats { get; set; } = [];
}
