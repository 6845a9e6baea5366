namespace WorkerCoop.Utilities
{
    public interface IHasId
    {
        public int Id { get;}
    }
}
