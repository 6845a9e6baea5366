"""The locustfile of a Locust master whose workers are gdvar load's
(gdvar load -locust, docs/load.md): the master hands out users of this
class; a worker runs each as a bot, which joins the game's server, plays
the worker's scenario and leaves. Nothing here runs on a worker."""

from locust import User, constant, task


class Bot(User):
    """A bot of gdvar load, run by a worker."""

    wait_time = constant(1)

    @task
    def play(self):
        pass
