# Blender scene script for the landing page's before/after pairs: four rooms, each rendered empty and then
# staged with the furniture the matching Hearth template asks for (catalog.ts: Living Room, Kitchen,
# Master bedroom, Home Office).
#
# Run by make.sh as:
#   blender --background --factory-startup --python rooms.py -- <room> <empty|staged> <output.png> [samples] [percent]
# where <room> is one of: living-room, kitchen, master-bedroom, office.
#
# Everything is built from primitives and procedural materials (no downloaded asset), rendered with Cycles on
# the CPU with a fixed seed. The empty and the staged render of a room share the room, the light and the
# camera exactly, so the pair differs only by what staging adds.
import functools
import math
import os
import random
import sys

import bpy

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'blender-common'))
import blender_helpers  # noqa: E402  (Blender's Python finds it only once the folder is on sys.path)
from blender_helpers import (  # noqa: E402
    area_light,
    box,
    camera,
    cylinder,
    emission_material,
    material,
    mesh_object,
    reset,
    sphere,
    sun,
    textured_material,
)

ARGS = sys.argv[sys.argv.index('--') + 1 :]
ROOM, STATE, OUTPUT_PATH = ARGS[0], ARGS[1], ARGS[2]
SAMPLES = int(ARGS[3]) if len(ARGS) > 3 else 12
PERCENT = int(ARGS[4]) if len(ARGS) > 4 else 100  # drafts: render smaller while framing a scene
STAGED = STATE == 'staged'
WIDTH, HEIGHT = 960, 640


# ---------------------------------------------------------------- helpers (the shared ones: ../blender-common)

# This script's look: a hazy sky without a visible sun disc, and a quick render (few samples, stronger smoothing)
# that the finishing step downsizes anyway.
world_sky = functools.partial(blender_helpers.world_sky, dust=1.5, sun_disc=False)
render_settings = functools.partial(
    blender_helpers.render_settings,
    OUTPUT_PATH,
    WIDTH,
    HEIGHT,
    samples=SAMPLES,
    percent=PERCENT,
    seed=11,
    adaptive_threshold=0.05,
    diffuse_bounces=3,
    transmission_bounces=3,
    sample_clamp_indirect=2.0,
    light_sampling_threshold=0.02,
    look='Medium High Contrast',
    denoiser=dict(despeckle_threshold=0.35, iterations=3, sigma_color=0.15, sigma_space=4.0),
)


def cone(name, center, radius1, radius2, height, mat=None, vertices=32):
    bpy.ops.mesh.primitive_cone_add(vertices=vertices, radius1=radius1, radius2=radius2, depth=height, location=center)
    obj = bpy.context.active_object
    obj.name = name
    bpy.ops.object.shade_smooth()
    if mat:
        obj.data.materials.append(mat)
    return obj


def woven_material(name, color, scale=180.0, roughness=0.95):
    """Fabric with a fine woven bump (a wave texture each way) and a little sheen."""
    mat = material(name, color, roughness, specular=0.2, sheen=0.6)
    nodes, links = mat.node_tree.nodes, mat.node_tree.links
    bsdf = nodes['Principled BSDF']
    coords = nodes.new('ShaderNodeTexCoord')
    checker = nodes.new('ShaderNodeTexChecker')
    checker.inputs['Scale'].default_value = scale
    links.new(coords.outputs['Object'], checker.inputs['Vector'])
    noise = nodes.new('ShaderNodeTexNoise')
    noise.inputs['Scale'].default_value = 8.0
    links.new(coords.outputs['Object'], noise.inputs['Vector'])
    tint = nodes.new('ShaderNodeMixRGB')
    tint.blend_type = 'MULTIPLY'
    tint.inputs['Fac'].default_value = 0.12
    tint.inputs['Color1'].default_value = (*color, 1)
    links.new(noise.outputs['Color'], tint.inputs['Color2'])
    links.new(tint.outputs['Color'], bsdf.inputs['Base Color'])
    bump = nodes.new('ShaderNodeBump')
    bump.inputs['Strength'].default_value = 0.25
    links.new(checker.outputs['Fac'], bump.inputs['Height'])
    links.new(bump.outputs['Normal'], bsdf.inputs['Normal'])
    return mat


def planks_material(name, light, dark, rotate=True, plank=0.18, roughness=0.32):
    """Wood planks: a brick texture of long thin bricks, grain from a stretched noise."""
    mat = material(name, light, roughness=roughness, specular=0.45)
    nodes, links = mat.node_tree.nodes, mat.node_tree.links
    bsdf = nodes['Principled BSDF']
    coords = nodes.new('ShaderNodeTexCoord')
    mapping = nodes.new('ShaderNodeMapping')
    if rotate:
        mapping.inputs['Rotation'].default_value = (0, 0, math.radians(90))
    links.new(coords.outputs['Object'], mapping.inputs['Vector'])
    bricks = nodes.new('ShaderNodeTexBrick')
    bricks.inputs['Scale'].default_value = 1.0
    bricks.inputs['Brick Width'].default_value = 1.5
    bricks.inputs['Row Height'].default_value = plank
    bricks.inputs['Mortar Size'].default_value = 0.003
    bricks.inputs['Color1'].default_value = (*light, 1)
    bricks.inputs['Color2'].default_value = (*dark, 1)
    bricks.inputs['Mortar'].default_value = (dark[0] * 0.3, dark[1] * 0.3, dark[2] * 0.3, 1)
    bricks.offset = 0.37
    links.new(mapping.outputs['Vector'], bricks.inputs['Vector'])
    grain = nodes.new('ShaderNodeTexNoise')
    grain.inputs['Scale'].default_value = 5.0
    grain.inputs['Detail'].default_value = 10.0
    stretch = nodes.new('ShaderNodeMapping')
    stretch.inputs['Scale'].default_value = (1.0, 24.0, 1.0) if rotate else (24.0, 1.0, 1.0)
    links.new(coords.outputs['Object'], stretch.inputs['Vector'])
    links.new(stretch.outputs['Vector'], grain.inputs['Vector'])
    mix = nodes.new('ShaderNodeMixRGB')
    mix.blend_type = 'MULTIPLY'
    mix.inputs['Fac'].default_value = 0.3
    links.new(bricks.outputs['Color'], mix.inputs['Color1'])
    links.new(grain.outputs['Color'], mix.inputs['Color2'])
    links.new(mix.outputs['Color'], bsdf.inputs['Base Color'])
    bump = nodes.new('ShaderNodeBump')
    bump.inputs['Strength'].default_value = 0.15
    links.new(bricks.outputs['Fac'], bump.inputs['Height'])
    links.new(bump.outputs['Normal'], bsdf.inputs['Normal'])
    return mat


def tiles_material(name, tile, grout, size=0.3, roughness=0.2):
    """Square tiles with thin grout (floors, backsplash)."""
    mat = material(name, tile, roughness=roughness, specular=0.5)
    nodes, links = mat.node_tree.nodes, mat.node_tree.links
    bsdf = nodes['Principled BSDF']
    coords = nodes.new('ShaderNodeTexCoord')
    bricks = nodes.new('ShaderNodeTexBrick')
    bricks.inputs['Scale'].default_value = 1.0 / size
    bricks.inputs['Brick Width'].default_value = 1.0
    bricks.inputs['Row Height'].default_value = 1.0 if size >= 0.2 else 0.5
    bricks.inputs['Mortar Size'].default_value = 0.02
    bricks.inputs['Color1'].default_value = (*tile, 1)
    bricks.inputs['Color2'].default_value = tuple(c * 0.96 for c in tile) + (1,)
    bricks.inputs['Mortar'].default_value = (*grout, 1)
    bricks.offset = 0.0 if size >= 0.2 else 0.5
    links.new(coords.outputs['Object'], bricks.inputs['Vector'])
    links.new(bricks.outputs['Color'], bsdf.inputs['Base Color'])
    return mat


def lampshade_material(name, color):
    """A fabric shade lit from inside: diffuse with a translucent glow."""
    mat = material(name, color, roughness=0.9)
    bsdf = mat.node_tree.nodes['Principled BSDF']
    bsdf.inputs['Subsurface'].default_value = 0.0
    bsdf.inputs['Transmission'].default_value = 0.35
    bsdf.inputs['Emission'].default_value = (1.0, 0.82, 0.6, 1)
    bsdf.inputs['Emission Strength'].default_value = 1.2
    return mat


def sheer_material():
    """Sheer curtains: pale, partly translucent."""
    mat = material('sheer', (0.93, 0.92, 0.89), roughness=0.9)
    bsdf = mat.node_tree.nodes['Principled BSDF']
    bsdf.inputs['Transmission'].default_value = 0.6
    bsdf.inputs['Alpha'].default_value = 0.75
    mat.blend_method = 'BLEND'
    return mat


def point_light(name, location, energy, radius=0.05, color=(1.0, 0.8, 0.58)):
    data = bpy.data.lights.new(name, 'POINT')
    data.energy = energy
    data.shadow_soft_size = radius
    data.color = color
    obj = bpy.data.objects.new(name, data)
    obj.location = location
    bpy.context.scene.collection.objects.link(obj)
    return obj


# ---------------------------------------------------------------- the room shell

TRIM = None


def trim():
    global TRIM
    if TRIM is None:
        TRIM = material('trim', (0.86, 0.86, 0.84), roughness=0.35, specular=0.4)
    return TRIM


def build_room(w, d, h, wall_color, floor_mat, window, door_x=None, ceiling_light=True):
    """A room from x 0..w (left to right), y 0..d (camera side to far wall), z 0..h, with one window on the left
    wall (x = 0) spanning window = (y0, y1, z0, z1) and an optional door on the far wall at door_x."""
    walls = textured_material('wall paint', wall_color, tuple(c * 0.97 for c in wall_color), 2.5, roughness=0.88)
    ceiling = material('ceiling', (0.9, 0.9, 0.89), roughness=0.92)
    t = 0.15
    back = -2.0  # the room continues behind the camera, so light bounces as it would in a real room
    box('floor', (0, back, -t), (w, d, 0), floor_mat)
    box('ceiling', (0, back, h), (w, d, h + t), ceiling)
    box('far wall', (0, d, 0), (w, d + t, h), walls)
    box('right wall', (w, back, 0), (w + t, d, h), walls)
    box('near wall', (0, back - t, 0), (w, back, h), walls)
    y0, y1, z0, z1 = window
    box('left wall a', (-t, back, 0), (0, y0, h), walls)
    box('left wall b', (-t, y1, 0), (0, d, h), walls)
    box('left wall below', (-t, y0, 0), (0, y1, z0), walls)
    box('left wall above', (-t, y0, z1), (0, y1, h), walls)
    f = 0.03
    box('sill', (-t, y0 - 0.08, z0 - 0.045), (0.07, y1 + 0.08, z0), trim())
    box('frame top', (-t, y0 - 0.07, z1), (f, y1 + 0.07, z1 + 0.07), trim())
    box('frame left', (-t, y0 - 0.07, z0), (f, y0, z1), trim())
    box('frame right', (-t, y1, z0), (f, y1 + 0.07, z1), trim())
    panes = max(2, round((y1 - y0) / 0.9))
    for i in range(1, panes):
        y = y0 + (y1 - y0) * i / panes
        box(f'mullion {i}', (-t + 0.02, y - 0.022, z0), (f - 0.01, y + 0.022, z1), trim())
    # Baseboards and crown moulding.
    for name, lo, hi in (
        ('baseboard far', (0, d - 0.015, 0), (w, d, 0.11)),
        ('baseboard right', (w - 0.015, back, 0), (w, d, 0.11)),
        ('baseboard left a', (0, back, 0), (0.015, y0, 0.11)),
        ('baseboard left b', (0, y1, 0), (0.015, d, 0.11)),
        ('crown far', (0, d - 0.04, h - 0.07), (w, d, h)),
        ('crown right', (w - 0.04, back, h - 0.07), (w, d, h)),
        ('crown left', (0, back, h - 0.07), (0.04, d, h)),
    ):
        box(name, lo, hi, trim())
    if door_x is not None:
        door = material('door', (0.84, 0.84, 0.82), roughness=0.35)
        box('door', (door_x, d - 0.04, 0), (door_x + 0.86, d, 2.05), door, bevel=0.004)
        for i, (pz0, pz1) in enumerate(((0.25, 0.95), (1.1, 1.9))):
            box(f'door panel {i}', (door_x + 0.12, d - 0.048, pz0), (door_x + 0.74, d - 0.04, pz1), door, bevel=0.006)
        box('door frame l', (door_x - 0.07, d - 0.05, 0), (door_x, d, 2.12), trim())
        box('door frame r', (door_x + 0.86, d - 0.05, 0), (door_x + 0.93, d, 2.12), trim())
        box('door frame t', (door_x, d - 0.05, 2.05), (door_x + 0.86, d - 0.001, 2.12), trim())
        metal = material('door handle', (0.2, 0.2, 0.2), roughness=0.3, specular=0.8)
        box('door handle', (door_x + 0.72, d - 0.09, 1.0), (door_x + 0.8, d - 0.05, 1.02), metal, bevel=0.005)
    if ceiling_light:
        cylinder('ceiling light', (w / 2, d * 0.55, h - 0.04), 0.2, 0.07, material('fixture', (0.95, 0.95, 0.94), 0.3))
    build_outside()


def build_outside():
    """What the window looks onto: a lawn, a hedge and trees under the sky."""
    grass = textured_material('outside grass', (0.12, 0.2, 0.05), (0.2, 0.27, 0.08), 1.5, roughness=0.95)
    box('outside ground', (-60, -30, -0.8), (-0.2, 40, -0.7), grass)
    leaves = textured_material('hedge', (0.04, 0.11, 0.03), (0.1, 0.19, 0.05), 5.0, roughness=0.9, bump=0.5)
    box('outside hedge', (-7.5, -10, -0.7), (-6.5, 20, 1.1), leaves)
    bark = material('bark', (0.12, 0.09, 0.07), roughness=0.95)
    for i, (x, y, r) in enumerate(((-26, -2, 2.6), (-31, 6, 3.2), (-24, 12, 2.4), (-34, -9, 3.0), (-29, 18, 2.8))):
        cylinder(f'trunk {i}', (x, y, 1.5), 0.22, 4.5, bark, vertices=10)
        blob = sphere(f'crown {i}', (x, y, 5.0), r, leaves, scale=(1, 1, 1.25))
        displace = blob.modifiers.new('leafy', 'DISPLACE')
        texture = bpy.data.textures.new(f'leafy {i}', 'CLOUDS')
        texture.noise_scale = 0.5
        displace.texture = texture
        displace.strength = 0.8


def light_room(w, d, h, window, sun_heading, sun_elevation=32, sky=0.45, fill=35, ceiling_glow=0.0):
    sun((math.radians(90 - sun_elevation), 0, math.radians(sun_heading)), 5.0, angle_degrees=2.5)
    world_sky(sky, sun_elevation_degrees=sun_elevation, sun_rotation_degrees=sun_heading + 90)
    y0, y1, z0, z1 = window
    # A portal at the window guides the sky's light in: much less noise for the same samples.
    area_light('window portal', (-0.08, (y0 + y1) / 2, (z0 + z1) / 2), (0, math.radians(-90), 0), y1 - y0, 1.0,
               portal=True, size_y=z1 - z0)
    # Soft fill, as the bounce from the part of the room behind the camera would give.
    area_light('fill', (w / 2, -1.8, 1.5), (math.radians(90), 0, 0), 2.2, fill, color=(1.0, 0.95, 0.9))
    if ceiling_glow:
        area_light('ceiling glow', (w / 2, d * 0.55, h - 0.09), (0, 0, 0), 0.35, ceiling_glow, color=(1.0, 0.8, 0.6))


# ---------------------------------------------------------------- furniture kit


def rug(lo, hi, color_a, color_b, scale=6.0):
    mat = textured_material('rug', color_a, color_b, scale, roughness=1.0, bump=0.3)
    box('rug', (lo[0], lo[1], 0), (hi[0], hi[1], 0.014), mat, bevel=0.006, segments=2)
    # A border: a slightly darker band, as woven rugs have.
    border = material('rug border', tuple(c * 0.8 for c in color_b), roughness=1.0)
    inset = 0.09
    for name, a, b in (
        ('rug border n', (lo[0] + inset, hi[1] - inset - 0.05), (hi[0] - inset, hi[1] - inset)),
        ('rug border s', (lo[0] + inset, lo[1] + inset), (hi[0] - inset, lo[1] + inset + 0.05)),
        ('rug border w', (lo[0] + inset, lo[1] + inset), (lo[0] + inset + 0.05, hi[1] - inset)),
        ('rug border e', (hi[0] - inset - 0.05, lo[1] + inset), (hi[0] - inset, hi[1] - inset)),
    ):
        box(name, (a[0], a[1], 0.0141), (b[0], b[1], 0.0145), border)


def plant(x, y, pot_radius, height, pot_mat, seed):
    """A potted plant: a tapered pot and a crown of leaf clusters."""
    rng = random.Random(seed)
    cone('pot', (x, y, pot_radius * 1.1), pot_radius, pot_radius * 0.78, pot_radius * 2.2, pot_mat)
    soil = material('soil', (0.08, 0.06, 0.04), roughness=1.0)
    cylinder('soil', (x, y, pot_radius * 2.2 - 0.01), pot_radius * 0.95, 0.02, soil)
    leaves = textured_material(f'leaves {seed}', (0.05, 0.18, 0.04), (0.14, 0.3, 0.07), 14.0, roughness=0.55, bump=0.4)
    stem = material('stem', (0.15, 0.2, 0.08), roughness=0.8)
    base_z = pot_radius * 2.2
    for i in range(16):
        angle = rng.uniform(0, 2 * math.pi)
        reach = rng.uniform(0.05, 0.3) * height
        z = base_z + rng.uniform(0.35, 0.95) * height
        cx, cy = x + math.cos(angle) * reach, y + math.sin(angle) * reach
        r = rng.uniform(0.06, 0.1) * height
        cylinder(f'stem {seed} {i}', ((x + cx) / 2, (y + cy) / 2, (base_z + z) / 2), 0.008, z - base_z, stem, vertices=6)
        blob = sphere(f'leaves {seed} {i}', (cx, cy, z), r, leaves, scale=(1.2, 1.0, 0.75), subdivisions=2)
        displace = blob.modifiers.new('leafy', 'DISPLACE')
        texture = bpy.data.textures.new(f'leaf {seed} {i}', 'VORONOI')
        texture.noise_scale = 0.08
        displace.texture = texture
        displace.strength = 0.05


def table_lamp(x, y, z, height=0.55, shade_radius=0.17, base_mat=None):
    base_mat = base_mat or material('lamp ceramic', (0.82, 0.8, 0.74), roughness=0.2, specular=0.5)
    sphere('lamp body', (x, y, z + height * 0.25), height * 0.22, base_mat, scale=(1, 1, 1.15))
    cylinder('lamp neck', (x, y, z + height * 0.55), 0.012, height * 0.3, material('brass', (0.7, 0.52, 0.25), 0.3, 0.8))
    shade = lampshade_material('lamp shade', (0.95, 0.92, 0.85))
    cone('lamp shade', (x, y, z + height * 0.82), shade_radius, shade_radius * 0.75, height * 0.38, shade)
    point_light('lamp bulb', (x, y, z + height * 0.78), 18, radius=0.04)


def picture(lo, hi, palette, seed, frame_color=(0.05, 0.05, 0.05), on='y'):
    """A framed abstract print: a few soft colour fields."""
    frame = material(f'frame {seed}', frame_color, roughness=0.4)
    box(f'frame {seed}', lo, hi, frame, bevel=0.004)
    rng = random.Random(seed)
    art = bpy.data.materials.new(f'art {seed}')
    art.use_nodes = True
    nodes, links = art.node_tree.nodes, art.node_tree.links
    bsdf = nodes['Principled BSDF']
    bsdf.inputs['Roughness'].default_value = 0.8
    coords = nodes.new('ShaderNodeTexCoord')
    noise = nodes.new('ShaderNodeTexNoise')
    noise.inputs['Scale'].default_value = rng.uniform(1.2, 2.2)
    noise.inputs['Detail'].default_value = 1.0
    noise.inputs['Distortion'].default_value = rng.uniform(0.5, 2.0)
    links.new(coords.outputs['Generated'], noise.inputs['Vector'])
    ramp = nodes.new('ShaderNodeValToRGB')
    ramp.color_ramp.interpolation = 'CONSTANT'
    ramp.color_ramp.elements[0].color = (*palette[0], 1)
    ramp.color_ramp.elements[1].position = 0.45
    ramp.color_ramp.elements[1].color = (*palette[1], 1)
    element = ramp.color_ramp.elements.new(0.62)
    element.color = (*palette[2], 1)
    links.new(noise.outputs['Fac'], ramp.inputs['Fac'])
    links.new(ramp.outputs['Color'], bsdf.inputs['Base Color'])
    m = 0.05  # mat border
    if on == 'y':  # hangs on a wall facing -y
        box(f'mat {seed}', (lo[0] + 0.02, lo[1] - 0.002, lo[2] + 0.02), (hi[0] - 0.02, lo[1], hi[2] - 0.02), material('mat board', (0.92, 0.91, 0.88), 0.9))
        box(f'art {seed}', (lo[0] + m, lo[1] - 0.004, lo[2] + m), (hi[0] - m, lo[1] - 0.002, hi[2] - m), art)
    else:  # hangs on the right wall facing -x
        box(f'mat {seed}', (lo[0] - 0.002, lo[1] + 0.02, lo[2] + 0.02), (lo[0], hi[1] - 0.02, hi[2] - 0.02), material('mat board', (0.92, 0.91, 0.88), 0.9))
        box(f'art {seed}', (lo[0] - 0.004, lo[1] + m, lo[2] + m), (lo[0] - 0.002, hi[1] - m, hi[2] - m), art)


def curtains(window, color=None):
    """Sheer panels either side of the window, hanging in soft folds from a rod."""
    y0, y1, z0, z1 = window
    mat = sheer_material() if color is None else woven_material('drape', color, 120)
    rod = material('curtain rod', (0.08, 0.08, 0.08), roughness=0.3, specular=0.7)
    cylinder('curtain rod', (0.1, (y0 + y1) / 2, z1 + 0.15), 0.012, (y1 - y0) + 0.8, rod, rotation=(math.radians(90), 0, 0))
    for side, (a, b) in enumerate(((y0 - 0.38, y0 + 0.12), (y1 - 0.12, y1 + 0.38))):
        folds = 7
        verts, faces = [], []
        for i in range(folds * 4 + 1):
            t = i / (folds * 4)
            y = a + (b - a) * t
            x = 0.1 + 0.035 * math.sin(t * folds * 2 * math.pi)
            verts.append((x, y, 0.02))
            verts.append((x, y, z1 + 0.14))
        for i in range(folds * 4):
            faces.append((2 * i, 2 * i + 2, 2 * i + 3, 2 * i + 1))
        obj = mesh_object(f'curtain {side}', verts, faces, mat)
        obj.modifiers.new('thickness', 'SOLIDIFY').thickness = 0.004
        for poly in obj.data.polygons:
            poly.use_smooth = True


def books(x0, y0, z, length, depth, seed, along='x'):
    rng = random.Random(seed)
    colors = [(0.55, 0.12, 0.08), (0.1, 0.25, 0.35), (0.75, 0.68, 0.52), (0.2, 0.3, 0.2), (0.85, 0.83, 0.78), (0.3, 0.18, 0.1)]
    pos = 0.0
    i = 0
    while pos < length - 0.03:
        thick = rng.uniform(0.02, 0.045)
        height = rng.uniform(0.18, 0.27)
        mat = material(f'book {seed} {i}', rng.choice(colors), roughness=0.6)
        if along == 'x':
            box(f'book {seed} {i}', (x0 + pos, y0, z), (x0 + pos + thick, y0 + depth * rng.uniform(0.8, 1.0), z + height), mat, bevel=0.002, segments=1)
        else:
            box(f'book {seed} {i}', (x0, y0 + pos, z), (x0 + depth * rng.uniform(0.8, 1.0), y0 + pos + thick, z + height), mat, bevel=0.002, segments=1)
        pos += thick + 0.002
        i += 1


def stacked_books(x, y, z, seed, count=3):
    rng = random.Random(seed)
    colors = [(0.8, 0.78, 0.72), (0.15, 0.22, 0.3), (0.6, 0.45, 0.3), (0.3, 0.3, 0.28)]
    for i in range(count):
        w, d, t = rng.uniform(0.2, 0.28), rng.uniform(0.15, 0.2), rng.uniform(0.025, 0.04)
        box(f'stack {seed} {i}', (x - w / 2, y - d / 2, z), (x + w / 2, y + d / 2, z + t), material(f'cover {seed} {i}', colors[i % 4], 0.55), bevel=0.002, segments=1)
        z += t
    return z


# ---------------------------------------------------------------- rooms


def living_room():
    w, d, h = 5.4, 6.2, 2.75
    window = (1.0, 3.6, 0.55, 2.35)
    build_room(w, d, h, (0.8, 0.77, 0.71), planks_material('oak floor', (0.5, 0.34, 0.2), (0.4, 0.26, 0.15)), window, door_x=4.1)
    light_room(w, d, h, window, sun_heading=-65, sun_elevation=30)
    camera((w - 0.55, -0.7, 1.3), (90, 0, 31), 21, shift_y=-0.07)
    if not STAGED:
        return
    linen = woven_material('sofa linen', (0.62, 0.6, 0.56))
    walnut = planks_material('walnut', (0.22, 0.12, 0.06), (0.18, 0.1, 0.05), rotate=False, plank=0.5, roughness=0.4)
    black = material('black metal', (0.02, 0.02, 0.02), roughness=0.35, specular=0.6)
    rug((0.9, 2.4), (4.0, 5.1), (0.78, 0.74, 0.66), (0.7, 0.65, 0.57), 10.0)
    # Sofa against the far wall.
    sx0, sx1, sy = 1.05, 3.45, d - 1.0
    box('sofa base', (sx0, sy, 0.14), (sx1, sy + 0.95, 0.42), linen, bevel=0.04)
    box('sofa back', (sx0, sy + 0.7, 0.42), (sx1, sy + 0.95, 0.88), linen, bevel=0.06)
    box('sofa arm l', (sx0 - 0.1, sy, 0.14), (sx0 + 0.14, sy + 0.95, 0.64), linen, bevel=0.06)
    box('sofa arm r', (sx1 - 0.14, sy, 0.14), (sx1 + 0.1, sy + 0.95, 0.64), linen, bevel=0.06)
    for i in range(3):
        x = sx0 + 0.15 + i * 0.7
        box(f'seat cushion {i}', (x, sy + 0.03, 0.42), (x + 0.69, sy + 0.72, 0.55), linen, bevel=0.05)
        box(f'back cushion {i}', (x + 0.02, sy + 0.55, 0.55), (x + 0.67, sy + 0.72, 0.92), linen, bevel=0.07)
    pillow_a = woven_material('pillow rust', (0.55, 0.25, 0.12), 150)
    pillow_b = woven_material('pillow sage', (0.45, 0.5, 0.38), 150)
    box('pillow a', (sx0 + 0.2, sy + 0.42, 0.55), (sx0 + 0.62, sy + 0.56, 0.95), pillow_a, bevel=0.07)
    box('pillow b', (sx1 - 0.62, sy + 0.42, 0.55), (sx1 - 0.2, sy + 0.56, 0.95), pillow_b, bevel=0.07)
    for x in (sx0 - 0.04, sx1 + 0.0):
        for y in (sy + 0.06, sy + 0.85):
            cone('sofa leg', (x, y, 0.07), 0.022, 0.015, 0.14, walnut, vertices=12)
    # Coffee table and what is on it.
    oak = planks_material('oak top', (0.55, 0.38, 0.22), (0.5, 0.34, 0.2), rotate=False, plank=0.6, roughness=0.35)
    cylinder('table top', (2.25, 3.55, 0.41), 0.55, 0.04, oak, vertices=64)
    for a in range(3):
        ang = a * 2 * math.pi / 3 + 0.4
        cylinder(f'table leg {a}', (2.25 + math.cos(ang) * 0.38, 3.55 + math.sin(ang) * 0.38, 0.2), 0.025, 0.4, walnut, vertices=12)
    stacked_books(2.05, 3.45, 0.43, seed=3)
    ceramic = material('ceramic', (0.92, 0.9, 0.86), roughness=0.18, specular=0.5)
    vase = cone('vase', (2.5, 3.7, 0.53), 0.07, 0.045, 0.2, ceramic)
    sphere('vase stems', (2.5, 3.7, 0.72), 0.09, textured_material('dried grass', (0.72, 0.6, 0.4), (0.55, 0.45, 0.3), 30.0, 0.9, bump=0.3), scale=(1, 1, 1.3), subdivisions=2)
    del vase
    # Two accent chairs either side of the coffee table, turned towards it.
    boucle = textured_material('boucle', (0.86, 0.84, 0.8), (0.78, 0.76, 0.72), 90.0, roughness=1.0, bump=0.4, sheen=0.5)
    for i, (cx, facing) in enumerate(((0.95, 1), (3.6, -1))):
        y0, y1 = 3.15, 3.95
        back_x = cx - facing * 0.36
        box(f'chair seat {i}', (cx - 0.36, y0, 0.14), (cx + 0.36, y1, 0.44), boucle, bevel=0.08)
        box(f'chair back {i}', (min(back_x, back_x - facing * 0.2), y0 - 0.02, 0.14), (max(back_x, back_x - facing * 0.2), y1 + 0.02, 0.82), boucle, bevel=0.1)
        for x in (cx - 0.3, cx + 0.3):
            for y in (y0 + 0.06, y1 - 0.06):
                cone(f'chair leg {i}', (x, y, 0.07), 0.02, 0.014, 0.14, walnut, vertices=10)
    # Floor lamp, sideboard, plant and art.
    cylinder('lamp base', (0.55, d - 0.45, 0.012), 0.15, 0.024, black)
    cylinder('lamp pole', (0.55, d - 0.45, 0.78), 0.012, 1.52, black)
    cone('lamp shade', (0.55, d - 0.45, 1.6), 0.22, 0.17, 0.3, lampshade_material('linen shade', (0.95, 0.92, 0.85)))
    point_light('floor lamp bulb', (0.55, d - 0.45, 1.55), 25)
    box('sideboard', (w - 0.45, 2.4, 0.12), (w, 4.2, 0.72), walnut, bevel=0.008)
    for y in (2.5, 4.05):
        box('sideboard leg', (w - 0.4, y, 0), (w - 0.36, y + 0.04, 0.12), black)
    table_lamp(w - 0.22, 2.75, 0.72, height=0.5)
    stacked_books(w - 0.24, 3.6, 0.72, seed=8, count=2)
    picture((w - 0.03, 2.85, 1.2), (w, 3.95, 1.95), [(0.82, 0.78, 0.7), (0.55, 0.35, 0.22), (0.25, 0.3, 0.33)], seed=21, on='x')
    picture((1.75, d - 0.03, 1.35), (2.75, d, 2.05), [(0.86, 0.84, 0.8), (0.45, 0.52, 0.45), (0.7, 0.55, 0.38)], seed=22)
    plant(w - 0.45, d - 0.45, 0.2, 1.2, material('terracotta', (0.55, 0.28, 0.16), roughness=0.8), seed=5)
    curtains(window)


def kitchen():
    w, d, h = 5.0, 5.6, 2.7
    window = (1.3, 3.1, 1.05, 2.25)
    build_room(w, d, h, (0.84, 0.83, 0.79), tiles_material('floor tiles', (0.72, 0.7, 0.66), (0.5, 0.48, 0.45), size=0.6, roughness=0.25),
               window, ceiling_light=False)
    light_room(w, d, h, window, sun_heading=-60, sun_elevation=35, fill=45)
    camera((w - 0.5, -0.9, 1.45), (90, 0, 27), 21, shift_y=-0.08)
    # The kitchen itself is part of the house, so it is in both renders: cabinets along the far and right
    # walls, a counter under the window, an island, a range hood and two pendants.
    cabinet = material('cabinet paint', (0.22, 0.29, 0.33), roughness=0.4)
    counter = textured_material('quartz', (0.93, 0.92, 0.9), (0.82, 0.81, 0.79), 9.0, roughness=0.12)
    splash = tiles_material('subway tile', (0.92, 0.92, 0.9), (0.7, 0.7, 0.68), size=0.075, roughness=0.1)
    steel = material('steel', (0.7, 0.7, 0.7), roughness=0.25, specular=0.8)
    brass = material('brass', (0.72, 0.53, 0.26), roughness=0.25, specular=0.8)
    ch, cd = 0.9, 0.62

    def run_far(x0, x1):
        box('base far', (x0, d - cd, 0.1), (x1, d, ch - 0.03), cabinet, bevel=0.004)
        box('toe far', (x0, d - cd + 0.06, 0), (x1, d, 0.1), material('toe', (0.05, 0.05, 0.05), 0.8))
        box('counter far', (x0, d - cd - 0.03, ch - 0.03), (x1, d, ch + 0.01), counter, bevel=0.006)
        n = max(1, round((x1 - x0) / 0.6))
        for i in range(n):
            a = x0 + (x1 - x0) * i / n
            b = x0 + (x1 - x0) * (i + 1) / n
            box(f'door far {i}', (a + 0.01, d - cd - 0.018, 0.13), (b - 0.01, d - cd, ch - 0.06), cabinet, bevel=0.006)
            box(f'pull far {i}', ((a + b) / 2 - 0.08, d - cd - 0.04, ch - 0.14), ((a + b) / 2 + 0.08, d - cd - 0.02, ch - 0.125), brass, bevel=0.004)

    run_far(0.0, 1.6)
    run_far(2.5, w)
    # Range between the runs, a hood above it and upper cabinets either side.
    box('range', (1.6, d - cd, 0), (2.5, d, ch), steel, bevel=0.006)
    box('range top', (1.6, d - cd, ch), (2.5, d, ch + 0.01), material('glass top', (0.02, 0.02, 0.02), 0.1, 0.8))
    box('oven window', (1.7, d - cd - 0.004, 0.25), (2.4, d - cd, 0.65), material('oven glass', (0.03, 0.03, 0.03), 0.08, 0.9))
    box('hood', (1.65, d - 0.5, 1.85), (2.45, d, 2.05), steel, bevel=0.005)
    box('hood chimney', (1.85, d - 0.3, 2.05), (2.25, d, h), steel)
    box('backsplash', (0.0, d - 0.005, ch + 0.01), (w, d, 1.5), splash)
    for x0, x1 in ((0.0, 1.5), (2.6, w)):
        box('upper', (x0, d - 0.35, 1.5), (x1, d, 2.35), cabinet, bevel=0.004)
        n = max(1, round((x1 - x0) / 0.5))
        for i in range(n):
            a = x0 + (x1 - x0) * i / n
            b = x0 + (x1 - x0) * (i + 1) / n
            box(f'upper door {i}', (a + 0.01, d - 0.365, 1.52), (b - 0.01, d - 0.35, 2.33), cabinet, bevel=0.006)
    # The right wall: a tall fridge.
    box('fridge', (w - 0.75, 2.6, 0), (w, 3.5, 2.05), steel, bevel=0.01)
    box('fridge gap', (w - 0.752, 3.04, 0.05), (w - 0.749, 3.06, 2.0), material('gap', (0.05, 0.05, 0.05), 0.5))
    # Counter under the window, with the sink.
    box('base left', (0.0, 0.6, 0.1), (cd, d - cd, ch - 0.03), cabinet, bevel=0.004)
    box('counter left', (0.0, 0.6, ch - 0.03), (cd + 0.03, d - cd, ch + 0.01), counter, bevel=0.006)
    box('sink', (0.12, 1.8, ch - 0.2), (0.5, 2.6, ch + 0.011), steel)
    cylinder('faucet', (0.08, 2.2, ch + 0.17), 0.015, 0.34, brass)
    cylinder('spout', (0.17, 2.2, ch + 0.34), 0.013, 0.2, brass, rotation=(0, math.radians(90), 0))
    for i, y in enumerate((0.7, 1.3, 2.9, 3.5, 4.1)):
        box(f'door left {i}', (cd, y + 0.01, 0.13), (cd + 0.018, y + 0.57, ch - 0.06), cabinet, bevel=0.006)
    # Island, with an overhang on the camera side for stools.
    ix0, ix1, iy0, iy1 = 1.35, 3.65, 2.0, 2.95
    box('island', (ix0, iy0 + 0.25, 0.1), (ix1, iy1, ch - 0.03), cabinet, bevel=0.004)
    box('island toe', (ix0 + 0.05, iy0 + 0.3, 0), (ix1 - 0.05, iy1 - 0.05, 0.1), material('toe', (0.05, 0.05, 0.05), 0.8))
    box('island top', (ix0 - 0.03, iy0, ch - 0.03), (ix1 + 0.03, iy1 + 0.03, ch + 0.02), counter, bevel=0.008)
    for i, px in enumerate((2.05, 2.95)):
        cylinder(f'pendant cord {i}', (px, 2.5, 2.3), 0.004, 0.8, material('cord', (0.02, 0.02, 0.02), 0.5))
        glass = material(f'pendant glass {i}', (0.95, 0.93, 0.88), roughness=0.3)
        glass.node_tree.nodes['Principled BSDF'].inputs['Transmission'].default_value = 0.7
        sphere(f'pendant {i}', (px, 2.5, 1.78), 0.13, glass, subdivisions=4)
        point_light(f'pendant bulb {i}', (px, 2.5, 1.78), 14, radius=0.03)
    if not STAGED:
        return
    # Staging (the Kitchen template): stools at the island, fruit, cookbooks, greenery; counters mostly clear.
    walnut = material('stool wood', (0.3, 0.18, 0.09), roughness=0.45)
    leather = material('stool seat', (0.42, 0.24, 0.12), roughness=0.5, specular=0.4)
    for i, sx in enumerate((1.8, 2.5, 3.2)):
        cylinder(f'stool seat {i}', (sx, 1.65, 0.66), 0.19, 0.06, leather, vertices=40)
        for a in range(4):
            ang = a * math.pi / 2 + math.pi / 4
            leg = cylinder(f'stool leg {i} {a}', (sx + math.cos(ang) * 0.13, 1.65 + math.sin(ang) * 0.13, 0.32), 0.014, 0.66, walnut, vertices=10)
            leg.rotation_euler = (-math.sin(ang) * 0.12, math.cos(ang) * 0.12, 0)
        box(f'stool ring {i}', (sx - 0.15, 1.64, 0.25), (sx + 0.15, 1.66, 0.265), walnut)
        box(f'stool back {i}', (sx - 0.15, 1.44, 0.7), (sx + 0.15, 1.48, 0.9), leather, bevel=0.015)
    bowl = material('bowl', (0.9, 0.88, 0.84), roughness=0.2, specular=0.5)
    sphere('fruit bowl', (2.5, 2.55, ch + 0.06), 0.17, bowl, scale=(1, 1, 0.42), subdivisions=4)
    fruit = [((0.85, 0.4, 0.05), 0.045), ((0.75, 0.08, 0.05), 0.043), ((0.45, 0.6, 0.12), 0.042), ((0.85, 0.4, 0.05), 0.045), ((0.9, 0.75, 0.15), 0.04)]
    for i, (color, r) in enumerate(fruit):
        ang = i * 2 * math.pi / len(fruit)
        sphere(f'fruit {i}', (2.5 + math.cos(ang) * 0.07, 2.55 + math.sin(ang) * 0.07, ch + 0.11), r, material(f'fruit {i}', color, 0.35, 0.4))
    sphere('fruit top', (2.5, 2.55, ch + 0.16), 0.044, material('lemon', (0.9, 0.75, 0.15), 0.35))
    books(w - 1.2, d - 0.5, ch + 0.01, 0.35, 0.2, seed=31)
    board = material('cutting board', (0.5, 0.33, 0.18), roughness=0.5)
    box('cutting board', (0.9, d - 0.08, ch + 0.01), (1.3, d - 0.05, ch + 0.45), board, bevel=0.01)
    plant(0.3, 3.2, 0.09, 0.35, material('white pot', (0.93, 0.92, 0.9), 0.3), seed=12)
    plant(3.4, 2.45, 0.07, 0.3, material('green pot', (0.35, 0.42, 0.35), 0.3), seed=13)
    vase = material('vase glass', (0.85, 0.9, 0.88), roughness=0.05)
    vase.node_tree.nodes['Principled BSDF'].inputs['Transmission'].default_value = 0.9
    cylinder('utensil crock', (2.85, d - 0.35, ch + 0.1), 0.06, 0.18, material('crock', (0.88, 0.86, 0.8), 0.3))
    for i in range(3):
        cylinder(f'utensil {i}', (2.85 + (i - 1) * 0.02, d - 0.35, ch + 0.26), 0.008, 0.2, walnut, vertices=6)


def master_bedroom():
    w, d, h = 5.0, 5.4, 2.7
    window = (1.1, 3.0, 0.7, 2.3)
    floor = planks_material('white oak floor', (0.58, 0.43, 0.29), (0.5, 0.36, 0.24))
    build_room(w, d, h, (0.8, 0.78, 0.73), floor, window)
    light_room(w, d, h, window, sun_heading=-70, sun_elevation=28, fill=40)
    camera((w - 0.5, -0.5, 1.35), (90, 0, 30), 21, shift_y=-0.08)
    if not STAGED:
        return
    # Staging (the Master bedroom template): a king bed with an upholstered headboard, layered bedding,
    # matching nightstands and lamps, a bench at the foot of the bed and a large rug.
    rug((0.7, 1.55), (4.5, 5.1), (0.86, 0.84, 0.8), (0.78, 0.76, 0.72), 12.0)
    headboard_fabric = woven_material('headboard', (0.5, 0.47, 0.43), 140)
    white = woven_material('duvet', (0.92, 0.91, 0.89), 220)
    grey = woven_material('throw', (0.55, 0.5, 0.46), 160)
    bx0, bx1, by0, by1 = 1.65, 3.6, 2.55, d - 0.08
    box('headboard', (bx0 - 0.1, by1 - 0.12, 0.1), (bx1 + 0.1, by1, 1.35), headboard_fabric, bevel=0.04)
    for i in range(6):
        x = bx0 - 0.1 + (bx1 - bx0 + 0.2) * (i + 0.5) / 6
        box(f'channel {i}', (x - 0.003, by1 - 0.125, 0.45), (x + 0.003, by1 - 0.12, 1.3), material('seam', (0.35, 0.33, 0.3), 0.9))
    box('bed frame', (bx0, by0, 0.08), (bx1, by1 - 0.12, 0.36), headboard_fabric, bevel=0.03)
    box('mattress', (bx0 + 0.03, by0 + 0.03, 0.36), (bx1 - 0.03, by1 - 0.14, 0.6), white, bevel=0.05)
    box('duvet', (bx0 - 0.02, by0 - 0.02, 0.45), (bx1 + 0.02, by1 - 0.75, 0.66), white, bevel=0.07, segments=4)
    box('throw', (bx0 - 0.04, by0 - 0.04, 0.5), (bx1 + 0.04, by0 + 0.5, 0.685), grey, bevel=0.06, segments=4)
    for i, x in enumerate((bx0 + 0.08, bx0 + 1.0)):
        box(f'pillow {i}', (x, by1 - 0.6, 0.6), (x + 0.85, by1 - 0.18, 0.82), white, bevel=0.09, segments=4)
        box(f'sham {i}', (x + 0.05, by1 - 0.42, 0.66), (x + 0.8, by1 - 0.26, 1.05), grey, bevel=0.07, segments=4)
    box('accent pillow', (bx0 + 0.7, by1 - 0.6, 0.64), (bx1 - 0.7, by1 - 0.45, 0.98), woven_material('accent', (0.45, 0.3, 0.2), 150), bevel=0.07)
    oak = planks_material('oak', (0.52, 0.36, 0.22), (0.48, 0.33, 0.2), rotate=False, plank=0.5, roughness=0.4)
    for i, nx in enumerate((bx0 - 0.72, bx1 + 0.17)):
        box(f'nightstand {i}', (nx, d - 0.5, 0.1), (nx + 0.55, d - 0.05, 0.6), oak, bevel=0.008)
        box(f'drawer {i}', (nx + 0.03, d - 0.505, 0.38), (nx + 0.52, d - 0.5, 0.56), oak, bevel=0.004)
        for x in (nx + 0.03, nx + 0.48):
            box(f'ns leg {i}', (x, d - 0.45, 0), (x + 0.04, d - 0.41, 0.1), oak)
        table_lamp(nx + 0.27, d - 0.27, 0.6, height=0.55, shade_radius=0.16)
    # A bench at the foot of the bed.
    bench = woven_material('bench', (0.6, 0.52, 0.42), 140)
    box('bench seat', (bx0 + 0.25, by0 - 0.6, 0.32), (bx1 - 0.25, by0 - 0.15, 0.46), bench, bevel=0.03)
    for x in (bx0 + 0.3, bx1 - 0.33):
        for y in (by0 - 0.56, by0 - 0.22):
            box('bench leg', (x, y, 0), (x + 0.03, y + 0.03, 0.32), material('bench metal', (0.05, 0.05, 0.05), 0.3, 0.6))
    picture((bx0 + 0.35, d - 0.03, 1.5), (bx1 - 0.35, d, 2.15), [(0.85, 0.83, 0.78), (0.62, 0.66, 0.64), (0.74, 0.64, 0.52)], seed=41)
    plant(0.4, d - 0.4, 0.18, 0.95, material('basket', (0.55, 0.45, 0.32), 0.9), seed=42)
    curtains(window, color=(0.85, 0.83, 0.79))


def office():
    w, d, h = 3.8, 4.2, 2.6
    window = (1.0, 2.6, 0.85, 2.2)
    build_room(w, d, h, (0.78, 0.78, 0.74), planks_material('light oak floor', (0.6, 0.44, 0.28), (0.52, 0.37, 0.23)), window, door_x=2.5)
    light_room(w, d, h, window, sun_heading=-60, sun_elevation=33, fill=30)
    camera((w - 0.3, -0.9, 1.3), (90, 0, 31), 20, shift_y=-0.07)
    if not STAGED:
        return
    # Staging (the Home Office template): a wooden desk, an ergonomic chair, a bookshelf, a desk lamp, a plant.
    rug((0.35, 0.9), (2.6, 3.2), (0.55, 0.58, 0.6), (0.48, 0.51, 0.53), 10.0)
    walnut = planks_material('desk walnut', (0.3, 0.18, 0.1), (0.26, 0.15, 0.08), rotate=False, plank=0.5, roughness=0.35)
    black = material('black metal', (0.03, 0.03, 0.03), roughness=0.35, specular=0.6)
    # The desk faces the window, so whoever works there has the view.
    dx0, dx1, dy0, dy1 = 0.1, 0.85, 1.05, 2.55
    box('desk top', (dx0, dy0, 0.72), (dx1, dy1, 0.76), walnut, bevel=0.006)
    for y in (dy0 + 0.05, dy1 - 0.09):
        box('desk leg', (dx1 - 0.09, y, 0), (dx1 - 0.05, y + 0.04, 0.72), black)
        box('desk leg', (dx0 + 0.05, y, 0), (dx0 + 0.09, y + 0.04, 0.72), black)
    box('desk drawer', (dx0 + 0.1, dy0 + 0.1, 0.6), (dx1 - 0.1, dy0 + 0.6, 0.72), walnut, bevel=0.004)
    # Laptop, open, facing the chair.
    aluminium = material('aluminium', (0.6, 0.6, 0.62), roughness=0.3, specular=0.7)
    box('laptop base', (0.3, 1.62, 0.76), (0.55, 1.97, 0.775), aluminium, bevel=0.004)
    screen = box('laptop lid', (0.28, 1.62, 0.775), (0.295, 1.97, 1.0), aluminium, bevel=0.003)
    del screen
    box('laptop screen', (0.296, 1.635, 0.79), (0.3, 1.955, 0.99), emission_material('screen', (0.55, 0.62, 0.7), 1.2))
    table_lamp(0.35, 2.35, 0.76, height=0.42, shade_radius=0.12, base_mat=black)
    stacked_books(0.5, 1.25, 0.76, seed=51, count=3)
    plant(0.62, 2.35, 0.06, 0.22, material('small pot', (0.9, 0.88, 0.84), 0.3), seed=52)
    # Chair: seat, back, arms and a five-star base.
    mesh_fabric = woven_material('chair fabric', (0.16, 0.17, 0.18), 250)
    cx, cy = 1.3, 1.8
    box('chair seat', (cx - 0.25, cy - 0.25, 0.44), (cx + 0.25, cy + 0.25, 0.52), mesh_fabric, bevel=0.03)
    box('chair back', (cx + 0.2, cy - 0.23, 0.56), (cx + 0.26, cy + 0.23, 1.05), mesh_fabric, bevel=0.03)
    box('chair lumbar', (cx + 0.23, cy - 0.02, 0.5), (cx + 0.27, cy + 0.02, 0.6), black)
    for s in (-1, 1):
        box('chair arm', (cx - 0.15, cy + s * 0.27 - 0.025, 0.64), (cx + 0.18, cy + s * 0.27 + 0.025, 0.67), black, bevel=0.01)
        box('arm post', (cx + 0.02, cy + s * 0.27 - 0.015, 0.5), (cx + 0.05, cy + s * 0.27 + 0.015, 0.64), black)
    cylinder('gas lift', (cx, cy, 0.27), 0.025, 0.34, black)
    for a in range(5):
        ang = a * 2 * math.pi / 5
        ex, ey = cx + math.cos(ang) * 0.3, cy + math.sin(ang) * 0.3
        spoke = box(f'spoke {a}', (-0.15, -0.02, 0.06), (0.15, 0.02, 0.1), black)
        spoke.location = ((cx + ex) / 2 - 0.0, (cy + ey) / 2, 0)
        spoke.rotation_euler = (0, 0, ang)
        sphere(f'caster {a}', (ex, ey, 0.03), 0.03, black)
    # Bookshelf on the far wall, filled.
    shelf = material('shelf white', (0.9, 0.89, 0.86), roughness=0.45)
    sx0, sx1 = 0.45, 1.55
    box('shelf side l', (sx0, d - 0.35, 0), (sx0 + 0.025, d - 0.02, 1.9), shelf)
    box('shelf side r', (sx1 - 0.025, d - 0.35, 0), (sx1, d - 0.02, 1.9), shelf)
    box('shelf back', (sx0, d - 0.025, 0), (sx1, d - 0.02, 1.9), shelf)
    for i, z in enumerate((0.05, 0.48, 0.91, 1.34, 1.88)):
        box(f'shelf {i}', (sx0, d - 0.35, z), (sx1, d - 0.02, z + 0.025), shelf)
    books(sx0 + 0.04, d - 0.3, 0.075, 0.7, 0.24, seed=61)
    books(sx0 + 0.3, d - 0.3, 0.505, 0.7, 0.24, seed=62)
    books(sx0 + 0.04, d - 0.3, 0.935, 0.45, 0.24, seed=63)
    sphere('shelf vase', (sx1 - 0.25, d - 0.18, 1.0), 0.07, material('vase', (0.3, 0.42, 0.45), 0.2, 0.5), scale=(1, 1, 1.3))
    stacked_books(sx0 + 0.3, d - 0.18, 1.365, seed=64, count=3)
    box('storage box', (sx0 + 0.05, d - 0.3, 0.075), (sx0 + 0.0, d - 0.05, 0.3), material('box', (0.8, 0.7, 0.55), 0.8))
    plant(w - 0.4, d - 0.45, 0.17, 1.05, material('planter', (0.2, 0.2, 0.2), 0.5), seed=65)
    picture((w - 0.03, 1.2, 1.2), (w, 2.1, 1.85), [(0.85, 0.82, 0.76), (0.22, 0.32, 0.42), (0.75, 0.5, 0.3)], seed=66, on='x')


ROOMS = {
    'living-room': living_room,
    'kitchen': kitchen,
    'master-bedroom': master_bedroom,
    'office': office,
}

reset()
ROOMS[ROOM]()
render_settings(exposure=0.15)
bpy.ops.render.render(write_still=True)
