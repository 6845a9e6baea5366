namespace GodotUtils;
public static class GlobalConstants
{    
    public static string GAME_SESSION_SCENE_PATH = "res://game_session.tscn";
    public static string SPHERE_SCENE_PATH = "res://SphereScene/sphere_scene.tscn";
    public static string CUBE_SCENE_PATH = "res://CubeScene/cube_scene.tscn";
}