# Blender scene script for Hearth's test photos.
#
# Run by make.sh as:
#   blender --background --factory-startup --python scenes.py -- <scene> <output.png> [samples] [percent]
# where <scene> is one of: empty-interior, furnished-interior, exterior, exterior-portrait.
#
# Everything is built from primitives and procedural materials, so the photos are reproducible from
# this file alone (no downloaded assets). Cycles on the CPU with a fixed seed: the same Blender
# version renders the same pixels.
import functools
import math
import os
import sys

import bpy

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'blender-common'))
import blender_helpers  # noqa: E402  (Blender's Python finds it only once the folder is on sys.path)
from blender_helpers import (  # noqa: E402
    area_light,
    box,
    camera,
    material,
    mesh_object,
    reset,
    sphere,
    world_sky,
)

ARGS = sys.argv[sys.argv.index('--') + 1 :]
SCENE_NAME, OUTPUT_PATH = ARGS[0], ARGS[1]
SAMPLES = int(ARGS[2]) if len(ARGS) > 2 else 96
PERCENT = int(ARGS[3]) if len(ARGS) > 3 else 100  # drafts: render smaller while framing a scene


# ---------------------------------------------------------------- helpers (the shared ones: ../blender-common)

# This script's look: faceted 24-sided cylinders, a smaller and whiter sun, a deeper bump on textures, and a
# slower, finer render that keeps a little grain, much like a phone photo of a dim room.
cylinder = functools.partial(blender_helpers.cylinder, vertices=24, smooth=False)
textured_material = functools.partial(blender_helpers.textured_material, bump_distance=None)
sun = functools.partial(blender_helpers.sun, angle_degrees=1.0, color=(1, 0.96, 0.9))
render_settings = functools.partial(
    blender_helpers.render_settings,
    OUTPUT_PATH,
    samples=SAMPLES,
    percent=PERCENT,
    seed=7,
    adaptive_threshold=0.02,
    diffuse_bounces=4,
    transmission_bounces=2,
    sample_clamp_indirect=3.0,
    denoiser=dict(despeckle_threshold=0.4, iterations=2, sigma_color=0.2, sigma_space=3.0),
)


def wood_floor_material():
    """Planks: a brick texture with long thin bricks, grain from a stretched noise."""
    mat = material('wood floor', (0.35, 0.2, 0.1), roughness=0.35, specular=0.4)
    nodes, links = mat.node_tree.nodes, mat.node_tree.links
    bsdf = nodes['Principled BSDF']
    coords = nodes.new('ShaderNodeTexCoord')
    mapping = nodes.new('ShaderNodeMapping')
    mapping.inputs['Rotation'].default_value = (0, 0, math.radians(90))
    links.new(coords.outputs['Object'], mapping.inputs['Vector'])
    bricks = nodes.new('ShaderNodeTexBrick')
    bricks.inputs['Scale'].default_value = 1.0
    bricks.inputs['Brick Width'].default_value = 1.4
    bricks.inputs['Row Height'].default_value = 0.16
    bricks.inputs['Mortar Size'].default_value = 0.004
    bricks.inputs['Color1'].default_value = (0.42, 0.25, 0.12, 1)
    bricks.inputs['Color2'].default_value = (0.3, 0.17, 0.08, 1)
    bricks.inputs['Mortar'].default_value = (0.08, 0.05, 0.03, 1)
    bricks.offset = 0.37
    links.new(mapping.outputs['Vector'], bricks.inputs['Vector'])
    grain = nodes.new('ShaderNodeTexNoise')
    grain.inputs['Scale'].default_value = 6.0
    grain.inputs['Detail'].default_value = 8.0
    stretch = nodes.new('ShaderNodeMapping')
    stretch.inputs['Scale'].default_value = (1.0, 18.0, 1.0)
    links.new(coords.outputs['Object'], stretch.inputs['Vector'])
    links.new(stretch.outputs['Vector'], grain.inputs['Vector'])
    mix = nodes.new('ShaderNodeMixRGB')
    mix.blend_type = 'MULTIPLY'
    mix.inputs['Fac'].default_value = 0.35
    links.new(bricks.outputs['Color'], mix.inputs['Color1'])
    links.new(grain.outputs['Color'], mix.inputs['Color2'])
    links.new(mix.outputs['Color'], bsdf.inputs['Base Color'])
    return mat


def world_overcast(horizon, zenith, strength):
    """A washed-out overcast sky: a soft vertical gradient from a bright horizon to a grey zenith."""
    world = bpy.data.worlds.new('world')
    bpy.context.scene.world = world
    world.use_nodes = True
    nodes, links = world.node_tree.nodes, world.node_tree.links
    coords = nodes.new('ShaderNodeTexCoord')
    separate = nodes.new('ShaderNodeSeparateXYZ')
    links.new(coords.outputs['Generated'], separate.inputs['Vector'])
    ramp = nodes.new('ShaderNodeValToRGB')
    ramp.color_ramp.elements[0].position = 0.5
    ramp.color_ramp.elements[0].color = (*horizon, 1)
    ramp.color_ramp.elements[1].position = 0.8
    ramp.color_ramp.elements[1].color = (*zenith, 1)
    links.new(separate.outputs['Z'], ramp.inputs['Fac'])
    background = nodes['Background']
    background.inputs['Strength'].default_value = strength
    links.new(ramp.outputs['Color'], background.inputs['Color'])


# ---------------------------------------------------------------- the room

ROOM_W, ROOM_D, ROOM_H = 5.2, 6.0, 2.7  # x: width, y: depth, z: height (metres)
WINDOW = (1.2, 3.4, 0.8, 2.3)  # on the left wall (x = 0): from y, to y, from z, to z


def build_room(wall_color):
    walls = textured_material('wall paint', wall_color, tuple(c * 0.96 for c in wall_color), 3.0, roughness=0.85)
    trim = material('trim', (0.85, 0.85, 0.83), roughness=0.4)
    ceiling = material('ceiling', (0.86, 0.86, 0.85), roughness=0.9)
    t = 0.15
    box('floor', (0, -1.5, -t), (ROOM_W, ROOM_D, 0), wood_floor_material())
    box('ceiling', (0, -1.5, ROOM_H), (ROOM_W, ROOM_D, ROOM_H + t), ceiling)
    box('back wall', (0, ROOM_D, 0), (ROOM_W, ROOM_D + t, ROOM_H), walls)
    box('right wall', (ROOM_W, 0, 0), (ROOM_W + t, ROOM_D, ROOM_H), walls)
    box('front wall', (0, -1.5 - t, 0), (ROOM_W, -1.5, ROOM_H), walls)
    box('front right wall', (ROOM_W, -1.5, 0), (ROOM_W + t, 0, ROOM_H), walls)
    box('front left wall', (-t, -1.5, 0), (0, 0, ROOM_H), walls)
    # Left wall with a window opening.
    y0, y1, z0, z1 = WINDOW
    box('left wall a', (-t, 0, 0), (0, y0, ROOM_H), walls)
    box('left wall b', (-t, y1, 0), (0, ROOM_D, ROOM_H), walls)
    box('left wall below', (-t, y0, 0), (0, y1, z0), walls)
    box('left wall above', (-t, y0, z1), (0, y1, ROOM_H), walls)
    # Window frame, mullion and sill: standing 3 cm proud of the wall, with no two faces in the same plane.
    f = 0.03
    box('sill', (-t, y0 - 0.08, z0 - 0.045), (0.07, y1 + 0.08, z0), trim)
    box('frame top', (-t, y0 - 0.06, z1), (f, y1 + 0.06, z1 + 0.06), trim)
    box('frame left', (-t, y0 - 0.06, z0), (f, y0, z1), trim)
    box('frame right', (-t, y1, z0), (f, y1 + 0.06, z1), trim)
    box('mullion', (-t + 0.02, (y0 + y1) / 2 - 0.025, z0), (f - 0.01, (y0 + y1) / 2 + 0.025, z1), trim)
    box('transom', (-t + 0.02, y0, z0 + 1.0), (f - 0.01, y1, z0 + 1.05), trim)
    # Baseboards and a door on the back wall.
    box('baseboard back', (0, ROOM_D - 0.02, 0), (ROOM_W, ROOM_D, 0.1), trim)
    box('baseboard right', (ROOM_W - 0.02, 0, 0), (ROOM_W, ROOM_D, 0.1), trim)
    box('baseboard left', (0, 0, 0), (0.02, ROOM_D, 0.1), trim)
    door = material('door', (0.8, 0.8, 0.78), roughness=0.35)
    box('door', (3.3, ROOM_D - 0.04, 0), (4.2, ROOM_D, 2.05), door, bevel=0.005)
    box('door frame l', (3.22, ROOM_D - 0.05, 0), (3.3, ROOM_D, 2.13), trim)
    box('door frame r', (4.2, ROOM_D - 0.05, 0), (4.28, ROOM_D, 2.13), trim)
    box('door frame t', (3.3, ROOM_D - 0.05, 2.05), (4.2, ROOM_D - 0.001, 2.13), trim)
    brass = material('brass', (0.75, 0.55, 0.25), roughness=0.25, specular=0.8)
    sphere('door knob', (4.1, ROOM_D - 0.07, 1.0), 0.03, brass)
    # Ceiling light (a shallow drum) and the outside ground beyond the window.
    cylinder('ceiling light', (ROOM_W / 2, ROOM_D / 2, ROOM_H - 0.04), 0.22, 0.08, material('shade', (0.95, 0.95, 0.93)))
    outside_ground = textured_material('outside grass', (0.15, 0.22, 0.06), (0.22, 0.26, 0.1), 2.0, roughness=0.9)
    box('outside ground', (-40, -20, -0.8), (-0.2, 30, -0.7), outside_ground)
    hedge = textured_material('hedge', (0.05, 0.12, 0.03), (0.1, 0.18, 0.05), 6.0, roughness=0.9, bump=0.4)
    box('outside hedge', (-6.5, -4, -0.7), (-5.5, 12, 1.2), hedge)


def light_room(warm_lamp_energy):
    sun((math.radians(62), 0, math.radians(-70)), 4.0, angle_degrees=2.0)
    world_sky(0.35, sun_elevation_degrees=28.0)
    y0, y1, z0, z1 = WINDOW
    # A portal at the window guides the sky's light in (much less noise at the same samples).
    area_light(
        'window portal', (-0.08, (y0 + y1) / 2, (z0 + z1) / 2), (0, math.radians(-90), 0), y1 - y0, 1.0,
        portal=True, size_y=z1 - z0,
    )
    area_light(
        'ceiling lamp', (ROOM_W / 2, ROOM_D / 2, ROOM_H - 0.09), (0, 0, 0), 0.4, warm_lamp_energy,
        color=(1.0, 0.78, 0.55),
    )
    # Soft fill, as bounce from the room behind the camera would give.
    area_light('fill', (ROOM_W / 2, -1.3, 1.6), (math.radians(90), 0, 0), 2.5, 40, color=(1.0, 0.92, 0.85))


def room_camera():
    camera((ROOM_W - 0.55, -1.25, 1.45), (90, 0, 24), 17, shift_y=-0.02)


def furnish_room():
    fabric = textured_material('sofa fabric', (0.32, 0.36, 0.4), (0.28, 0.31, 0.35), 40.0, roughness=0.95, bump=0.15)
    cushion = textured_material('cushion', (0.65, 0.55, 0.4), (0.6, 0.5, 0.36), 30.0, roughness=0.95)
    wood = material('walnut', (0.18, 0.1, 0.05), roughness=0.4, specular=0.4)
    oak = material('oak', (0.45, 0.3, 0.16), roughness=0.45)
    metal = material('black metal', (0.03, 0.03, 0.03), roughness=0.35, specular=0.6)
    rug = textured_material('rug', (0.72, 0.68, 0.6), (0.6, 0.55, 0.48), 12.0, roughness=1.0, bump=0.2)
    # Sofa against the back wall, facing the camera.
    sx0, sx1, sy = 0.9, 3.1, ROOM_D - 1.0
    box('sofa base', (sx0, sy, 0.12), (sx1, sy + 0.95, 0.45), fabric, bevel=0.04)
    box('sofa back', (sx0, sy + 0.72, 0.45), (sx1, sy + 0.95, 0.9), fabric, bevel=0.05)
    box('sofa arm l', (sx0 - 0.05, sy, 0.12), (sx0 + 0.18, sy + 0.95, 0.68), fabric, bevel=0.05)
    box('sofa arm r', (sx1 - 0.18, sy, 0.12), (sx1 + 0.05, sy + 0.95, 0.68), fabric, bevel=0.05)
    for i, x in enumerate((sx0 + 0.2, sx0 + 0.84, sx0 + 1.48)):
        box(f'seat cushion {i}', (x, sy + 0.02, 0.45), (x + 0.62, sy + 0.74, 0.56), fabric, bevel=0.04)
    box('throw pillow a', (sx0 + 0.25, sy + 0.55, 0.56), (sx0 + 0.7, sy + 0.72, 0.95), cushion, bevel=0.06)
    box('throw pillow b', (sx1 - 0.7, sy + 0.55, 0.56), (sx1 - 0.25, sy + 0.72, 0.95), cushion, bevel=0.06)
    for x in (sx0 + 0.05, sx1 - 0.1):
        for y in (sy + 0.05, sy + 0.85):
            box('sofa leg', (x, y, 0), (x + 0.05, y + 0.05, 0.12), wood)
    # Rug and coffee table.
    box('rug', (0.7, 2.2, 0), (3.5, 4.8, 0.012), rug)
    box('table top', (1.35, 3.25, 0.38), (2.65, 3.95, 0.42), oak, bevel=0.01)
    for x in (1.42, 2.53):
        for y in (3.32, 3.83):
            box('table leg', (x, y, 0.012), (x + 0.05, y + 0.05, 0.38), oak)
    ceramic = material('ceramic', (0.9, 0.9, 0.88), roughness=0.15, specular=0.5)
    cylinder('vase', (1.7, 3.6, 0.52), 0.07, 0.2, ceramic)
    box('book a', (2.1, 3.45, 0.42), (2.45, 3.7, 0.45), material('book red', (0.5, 0.12, 0.1)))
    box('book b', (2.12, 3.47, 0.45), (2.42, 3.68, 0.475), material('book teal', (0.1, 0.35, 0.38)))
    # Armchair by the window.
    chair = textured_material('chair fabric', (0.55, 0.42, 0.3), (0.5, 0.38, 0.27), 35.0, roughness=0.95)
    box('chair seat', (0.45, 1.5, 0.15), (1.25, 2.3, 0.45), chair, bevel=0.05)
    box('chair back', (0.4, 1.5, 0.45), (0.6, 2.3, 0.95), chair, bevel=0.05)
    box('chair arm a', (0.45, 1.45, 0.15), (1.25, 1.62, 0.65), chair, bevel=0.05)
    box('chair arm b', (0.45, 2.18, 0.15), (1.25, 2.35, 0.65), chair, bevel=0.05)
    # Floor lamp beside the sofa.
    cylinder('lamp base', (3.45, ROOM_D - 0.55, 0.015), 0.16, 0.03, metal)
    cylinder('lamp pole', (3.45, ROOM_D - 0.55, 0.8), 0.012, 1.55, metal)
    cylinder('lamp shade', (3.45, ROOM_D - 0.55, 1.6), 0.2, 0.28, material('linen', (0.92, 0.88, 0.8), roughness=1.0))
    area_light('lamp glow', (3.45, ROOM_D - 0.55, 1.45), (math.radians(180), 0, 0), 0.25, 25, color=(1.0, 0.75, 0.5))
    # Plant in the corner.
    pot = material('pot', (0.25, 0.22, 0.2), roughness=0.7)
    cylinder('plant pot', (4.7, ROOM_D - 0.5, 0.22), 0.2, 0.44, pot)
    leaves = textured_material('leaves', (0.06, 0.2, 0.04), (0.12, 0.3, 0.06), 8.0, roughness=0.7)
    for i, (dx, dy, dz, r) in enumerate(((0, 0, 0.85, 0.3), (0.12, -0.1, 1.15, 0.25), (-0.12, 0.05, 1.3, 0.22))):
        sphere(f'leaf cluster {i}', (4.7 + dx, ROOM_D - 0.5 + dy, dz), r, leaves, scale=(1, 1, 1.3))
    # Pictures on the walls, and a sideboard on the right wall.
    box('picture frame', (1.35, ROOM_D - 0.03, 1.35), (2.65, ROOM_D, 2.05), metal)
    box('picture', (1.4, ROOM_D - 0.035, 1.4), (2.6, ROOM_D - 0.03, 2.0),
        textured_material('painting', (0.2, 0.35, 0.5), (0.85, 0.7, 0.45), 2.5, roughness=0.6))
    box('sideboard', (ROOM_W - 0.45, 2.6, 0), (ROOM_W, 4.2, 0.75), wood, bevel=0.01)
    box('sideboard top', (ROOM_W - 0.47, 2.58, 0.75), (ROOM_W, 4.22, 0.78), oak)
    cylinder('sideboard lamp', (ROOM_W - 0.22, 2.9, 0.98), 0.1, 0.4, ceramic)
    box('right picture', (ROOM_W - 0.03, 3.0, 1.3), (ROOM_W, 3.8, 1.9),
        textured_material('print', (0.75, 0.72, 0.65), (0.35, 0.3, 0.25), 5.0, roughness=0.6))


def interior(furnished):
    reset()
    build_room(wall_color=(0.78, 0.75, 0.68))
    light_room(warm_lamp_energy=60 if furnished else 45)
    room_camera()
    if furnished:
        furnish_room()
    # Exposed a little dark, as a quick handheld shot of a room is: the enhancement has work to do.
    render_settings(1600, 1067, exposure=-0.45 if furnished else -0.65)


# ---------------------------------------------------------------- the house


def gable_roof(name, x0, x1, y0, y1, z_eaves, z_ridge, overhang, material_):
    xa, xb, ya, yb = x0 - overhang, x1 + overhang, y0 - overhang, y1 + overhang
    ym = (y0 + y1) / 2
    v = [(xa, ya, z_eaves), (xb, ya, z_eaves), (xb, ym, z_ridge), (xa, ym, z_ridge), (xa, yb, z_eaves), (xb, yb, z_eaves)]
    f = [(0, 1, 2, 3), (3, 2, 5, 4), (0, 3, 4), (1, 5, 2), (0, 4, 5, 1)]
    return mesh_object(name, v, f, material_)


def gable_wall(name, x, y0, y1, z_eaves, z_ridge, material_):
    v = [(x, y0, z_eaves), (x, y1, z_eaves), (x, (y0 + y1) / 2, z_ridge)]
    return mesh_object(name, v, [(0, 1, 2)], material_)


def house_window(x0, x1, z0, z1, y, frame, glass):
    box('glass', (x0, y - 0.02, z0), (x1, y + 0.05, z1), glass)
    box('w frame t', (x0 - 0.08, y - 0.06, z1), (x1 + 0.08, y, z1 + 0.08), frame)
    box('w frame b', (x0 - 0.1, y - 0.1, z0 - 0.08), (x1 + 0.1, y, z0), frame)
    box('w frame l', (x0 - 0.08, y - 0.06, z0), (x0, y, z1), frame)
    box('w frame r', (x1, y - 0.06, z0), (x1 + 0.08, y, z1), frame)
    box('w mullion', ((x0 + x1) / 2 - 0.03, y - 0.04, z0), ((x0 + x1) / 2 + 0.03, y, z1), frame)
    box('w shutter l', (x0 - 0.5, y - 0.05, z0), (x0 - 0.12, y - 0.01, z1), shutter_material())
    box('w shutter r', (x1 + 0.12, y - 0.05, z0), (x1 + 0.5, y - 0.01, z1), shutter_material())


_shutter = None


def shutter_material():
    global _shutter
    if _shutter is None:
        _shutter = material('shutter', (0.12, 0.16, 0.2), roughness=0.5)
    return _shutter


def lawn(x0, x1, y0, y1, count):
    """Tired grass: hair strands coloured between straw and a dull green, over brownish soil."""
    soil = textured_material('soil', (0.2, 0.16, 0.09), (0.26, 0.22, 0.12), 3.0, roughness=1.0)
    ground = box('lawn soil', (x0, y0, -0.02), (x1, y1, 0.0), soil)
    grass = bpy.data.materials.new('grass')
    grass.use_nodes = True
    nodes, links = grass.node_tree.nodes, grass.node_tree.links
    bsdf = nodes['Principled BSDF']
    bsdf.inputs['Roughness'].default_value = 0.75
    info = nodes.new('ShaderNodeHairInfo')
    patches = nodes.new('ShaderNodeTexNoise')
    patches.inputs['Scale'].default_value = 0.35
    patches.inputs['Detail'].default_value = 3.0
    coords = nodes.new('ShaderNodeTexCoord')
    links.new(coords.outputs['Object'], patches.inputs['Vector'])
    mix_fac = nodes.new('ShaderNodeMath')
    mix_fac.operation = 'MULTIPLY_ADD'
    mix_fac.inputs[1].default_value = 0.6
    links.new(info.outputs['Random'], mix_fac.inputs[0])
    links.new(patches.outputs['Fac'], mix_fac.inputs[2])
    ramp = nodes.new('ShaderNodeValToRGB')
    ramp.color_ramp.elements[0].position = 0.35
    ramp.color_ramp.elements[0].color = (0.16, 0.19, 0.05, 1)  # dull green
    ramp.color_ramp.elements[1].position = 0.95
    ramp.color_ramp.elements[1].color = (0.42, 0.34, 0.13, 1)  # straw
    links.new(mix_fac.outputs['Value'], ramp.inputs['Fac'])
    links.new(ramp.outputs['Color'], bsdf.inputs['Base Color'])
    ground.data.materials.append(grass)
    system = ground.modifiers.new('grass', 'PARTICLE_SYSTEM').particle_system
    settings = system.settings
    settings.type = 'HAIR'
    settings.count = count
    settings.material = 2
    settings.use_advanced_hair = False
    settings.emit_from = 'FACE'
    settings.use_emit_random = True
    settings.child_type = 'INTERPOLATED'
    settings.child_nbr = 1
    settings.rendered_child_count = 8
    settings.child_length = 0.9
    settings.child_length_threshold = 0.3
    settings.roughness_1 = 0.04
    settings.roughness_endpoint = 0.03
    settings.clump_factor = 0.1
    settings.root_radius = 0.0015
    settings.tip_radius = 0.0
    settings.radius_scale = 1.0
    # hair_length drives the emission speed of simple hair, so it is set after everything else.
    settings.hair_length = 0.09
    system.seed = 3
    return ground


def tree(x, y, height, crown_radius, leaves, bark):
    cylinder('trunk', (x, y, height * 0.3), 0.18, height * 0.6, bark, vertices=12)
    crown = [(0, 0, 0.75, 1.0), (0.45, 0.2, 0.6, 0.75), (-0.4, -0.25, 0.62, 0.8), (0.1, -0.35, 0.88, 0.7)]
    for i, (dx, dy, dz, r) in enumerate(crown):
        blob = sphere(f'crown {i}', (x + dx * crown_radius, y + dy * crown_radius, height * dz), crown_radius * r, leaves)
        displace = blob.modifiers.new('leafy', 'DISPLACE')
        texture = bpy.data.textures.new(f'leafy {x} {i}', 'CLOUDS')
        texture.noise_scale = 0.35
        displace.texture = texture
        displace.strength = 0.6


def bush(x, y, radius, leaves):
    blob = sphere('bush', (x, y, radius * 0.6), radius, leaves, scale=(1.2, 1, 0.8))
    displace = blob.modifiers.new('leafy', 'DISPLACE')
    texture = bpy.data.textures.new(f'bush {x} {y}', 'CLOUDS')
    texture.noise_scale = 0.25
    displace.texture = texture
    displace.strength = 0.25


def build_house():
    siding = textured_material('siding', (0.78, 0.74, 0.64), (0.72, 0.68, 0.58), 1.5, roughness=0.7)
    roof = textured_material('shingles', (0.07, 0.065, 0.065), (0.12, 0.11, 0.1), 25.0, roughness=0.9, bump=0.3)
    trim = material('house trim', (0.9, 0.9, 0.88), roughness=0.45)
    glass = material('window glass', (0.04, 0.05, 0.06), roughness=0.05, specular=0.9)
    x0, x1, y0, y1, h = -6.0, 6.0, 0.0, 8.0, 5.6
    box('house', (x0, y0, 0), (x1, y1, h), siding)
    gable_roof('roof', x0, x1, y0, y1, h, h + 2.8, 0.5, roof)
    gable_wall('gable l', x0, y0, y1, h, h + 2.8, siding)
    gable_wall('gable r', x1, y0, y1, h, h + 2.8, siding)
    box('fascia', (x0 - 0.5, y0 - 0.55, h - 0.2), (x1 + 0.5, y0 - 0.45, h + 0.05), trim)
    box('foundation', (x0 - 0.05, y0 - 0.05, 0), (x1 + 0.05, y1, 0.45), material('concrete', (0.45, 0.44, 0.42), 0.9))
    for wx in (-4.6, -2.4, 2.4, 4.6):
        house_window(wx - 0.55, wx + 0.55, 3.3, 4.9, y0, trim, glass)
    for wx in (-4.6, 3.4):
        house_window(wx - 0.8, wx + 0.8, 1.0, 2.5, y0, trim, glass)
    # Front door with a small porch roof.
    box('door trim', (-1.6, y0 - 0.04, 0.45), (-0.3, y0, 2.75), trim)
    box('door', (-1.45, y0 - 0.07, 0.45), (-0.45, y0 - 0.04, 2.6), material('front door', (0.35, 0.08, 0.07), 0.35))
    box('porch step', (-1.9, y0 - 1.1, 0), (0.0, y0, 0.45), material('step', (0.55, 0.53, 0.5), 0.85))
    box('porch roof', (-2.0, y0 - 1.3, 2.9), (0.1, y0, 3.05), trim)
    # Garage on the right, a driveway and a path.
    asphalt = textured_material('asphalt', (0.2, 0.2, 0.21), (0.28, 0.28, 0.29), 30.0, roughness=0.9)
    box('garage door', (1.0, y0 - 0.03, 0.45), (1.9, y0 + 0.01, 2.6), material('garage', (0.88, 0.88, 0.86), 0.5))
    box('driveway', (0.6, -16.0, -0.01), (5.6, y0, 0.005), asphalt)
    paving = textured_material('path', (0.6, 0.57, 0.52), (0.52, 0.5, 0.46), 6.0, roughness=0.85)
    box('path', (-1.5, -16.0, -0.01), (-0.4, y0 - 1.1, 0.008), paving)
    box('sidewalk', (-30, -17.5, -0.01), (30, -16.0, 0.01), paving)
    leaves = textured_material('foliage', (0.04, 0.1, 0.02), (0.1, 0.17, 0.04), 5.0, roughness=0.85, bump=0.5)
    bark = material('bark', (0.12, 0.09, 0.07), roughness=0.95)
    for bx in (-5.2, -4.0, -2.8, 2.4, 3.6, 4.8):
        bush(bx, y0 - 0.6, 0.55, leaves)
    tree(-9.5, 3.0, 9.0, 2.6, leaves, bark)
    tree(9.5, 5.0, 8.0, 2.3, leaves, bark)
    # Background: neighbouring trees far behind, and ground to the horizon.
    for i, tx in enumerate(range(-30, 31, 6)):
        tree(tx + (i % 3), 30 + (i % 2) * 4, 10.0 + (i % 4), 3.5, leaves, bark)
    box('far ground', (-200, -40, -0.05), (200, 200, -0.02), textured_material('far grass', (0.14, 0.17, 0.06), (0.2, 0.22, 0.09), 0.5, 1.0))


def exterior(portrait):
    reset()
    build_house()
    lawn(-12.0, -1.5, -16.0, -1.0, 90000)
    lawn(-0.4, 0.6, -16.0, -1.0, 9000)
    lawn(5.6, 12.0, -16.0, -1.0, 60000)
    # Overcast, washed-out sky with a weak hazy sun: flat light, a grey-white sky.
    world_overcast(horizon=(0.85, 0.86, 0.87), zenith=(0.62, 0.66, 0.71), strength=1.6)
    sun((math.radians(50), 0, math.radians(30)), 1.2, angle_degrees=15.0, color=(1.0, 0.97, 0.92))
    if portrait:
        # A phone held upright, standing on the lawn and looking at the porch. Rendered upright; finish.ts
        # stores it sideways, as a phone's landscape sensor does, with EXIF orientation 6 to stand it up.
        camera((-4.5, -15.0, 1.6), (92, 0, -14), 26)
        render_settings(1067, 1600, exposure=-0.2)
    else:
        camera((0.0, -19.5, 1.6), (90, 0, 0), 24, shift_y=0.08)
        render_settings(1600, 1067, exposure=-0.2)


SCENES = {
    'empty-interior': lambda: interior(furnished=False),
    'furnished-interior': lambda: interior(furnished=True),
    'exterior': lambda: exterior(portrait=False),
    'exterior-portrait': lambda: exterior(portrait=True),
}

SCENES[SCENE_NAME]()
bpy.ops.render.render(write_still=True)
