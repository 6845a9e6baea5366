extends SubMenu
