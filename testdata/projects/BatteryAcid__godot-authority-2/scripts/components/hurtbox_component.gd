class_name HurtboxComponent
extends Area2D

signal hurt(hitbox)
