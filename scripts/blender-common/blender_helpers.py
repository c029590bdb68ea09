# Blender helpers shared by the scene scripts of scripts/make-landing-images (rooms.py) and
# scripts/make-test-photos (scenes.py): primitives, procedural materials, lights, sky, camera and the Cycles
# render settings. Blender runs those scripts with its own Python, so each puts this folder on sys.path itself:
#
#   sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'blender-common'))
#
# Where the two scripts' pictures differ (a cylinder's smoothing, the sun's size, the sky's haze, the render's
# sampling and denoising), the difference is a parameter here, and each script pins its own values once with
# functools.partial, so every call in it reads as before.
import math

import bpy


def reset():
    bpy.ops.wm.read_factory_settings(use_empty=True)


def mesh_object(name, vertices, faces, mat=None):
    mesh = bpy.data.meshes.new(name)
    mesh.from_pydata(vertices, [], faces)
    mesh.update()
    obj = bpy.data.objects.new(name, mesh)
    bpy.context.scene.collection.objects.link(obj)
    if mat:
        obj.data.materials.append(mat)
    return obj


def box(name, lo, hi, mat=None, bevel=0.0, segments=3):
    """An axis-aligned box from corner lo to corner hi, in world coordinates (so textures use metres)."""
    (x0, y0, z0), (x1, y1, z1) = lo, hi
    v = [(x0, y0, z0), (x1, y0, z0), (x1, y1, z0), (x0, y1, z0), (x0, y0, z1), (x1, y0, z1), (x1, y1, z1), (x0, y1, z1)]
    f = [(0, 3, 2, 1), (4, 5, 6, 7), (0, 1, 5, 4), (1, 2, 6, 5), (2, 3, 7, 6), (3, 0, 4, 7)]
    obj = mesh_object(name, v, f, mat)
    if bevel > 0:
        mod = obj.modifiers.new('bevel', 'BEVEL')
        mod.width = bevel
        mod.segments = segments
        mod.limit_method = 'NONE'
        for poly in obj.data.polygons:
            poly.use_smooth = True
    return obj


def cylinder(name, center, radius, height, mat=None, vertices=32, rotation=(0, 0, 0), smooth=True):
    bpy.ops.mesh.primitive_cylinder_add(vertices=vertices, radius=radius, depth=height, location=center, rotation=rotation)
    obj = bpy.context.active_object
    obj.name = name
    if smooth:
        bpy.ops.object.shade_smooth()
    if mat:
        obj.data.materials.append(mat)
    return obj


def sphere(name, center, radius, mat=None, scale=(1, 1, 1), subdivisions=3):
    bpy.ops.mesh.primitive_ico_sphere_add(subdivisions=subdivisions, radius=radius, location=center)
    obj = bpy.context.active_object
    obj.name = name
    obj.scale = scale
    bpy.ops.object.shade_smooth()
    if mat:
        obj.data.materials.append(mat)
    return obj


def material(name, color, roughness=0.6, specular=0.3, sheen=0.0):
    mat = bpy.data.materials.new(name)
    mat.use_nodes = True
    bsdf = mat.node_tree.nodes['Principled BSDF']
    bsdf.inputs['Base Color'].default_value = (*color, 1)
    bsdf.inputs['Roughness'].default_value = roughness
    bsdf.inputs['Specular'].default_value = specular
    bsdf.inputs['Sheen'].default_value = sheen
    return mat


def textured_material(name, color_a, color_b, scale, roughness=0.6, detail=6.0, bump=0.0, sheen=0.0, bump_distance=0.02):
    """Two colours mixed by noise: plaster, fabric, foliage, stone, siding.

    bump_distance None leaves the bump node's own distance (1.0): the test photos' deeper relief.
    """
    mat = material(name, color_a, roughness, sheen=sheen)
    nodes, links = mat.node_tree.nodes, mat.node_tree.links
    bsdf = nodes['Principled BSDF']
    coords = nodes.new('ShaderNodeTexCoord')
    noise = nodes.new('ShaderNodeTexNoise')
    noise.inputs['Scale'].default_value = scale
    noise.inputs['Detail'].default_value = detail
    links.new(coords.outputs['Object'], noise.inputs['Vector'])
    ramp = nodes.new('ShaderNodeValToRGB')
    ramp.color_ramp.elements[0].color = (*color_a, 1)
    ramp.color_ramp.elements[1].color = (*color_b, 1)
    links.new(noise.outputs['Fac'], ramp.inputs['Fac'])
    links.new(ramp.outputs['Color'], bsdf.inputs['Base Color'])
    if bump > 0:
        bump_node = nodes.new('ShaderNodeBump')
        bump_node.inputs['Strength'].default_value = bump
        if bump_distance is not None:
            bump_node.inputs['Distance'].default_value = bump_distance
        links.new(noise.outputs['Fac'], bump_node.inputs['Height'])
        links.new(bump_node.outputs['Normal'], bsdf.inputs['Normal'])
    return mat


def emission_material(name, color, strength):
    mat = bpy.data.materials.new(name)
    mat.use_nodes = True
    nodes = mat.node_tree.nodes
    nodes.remove(nodes['Principled BSDF'])
    emission = nodes.new('ShaderNodeEmission')
    emission.inputs['Color'].default_value = (*color, 1)
    emission.inputs['Strength'].default_value = strength
    mat.node_tree.links.new(emission.outputs['Emission'], nodes['Material Output'].inputs['Surface'])
    return mat


def area_light(name, location, rotation, size, energy, color=(1, 1, 1), portal=False, size_y=None):
    data = bpy.data.lights.new(name, 'AREA')
    data.shape = 'RECTANGLE'
    data.size = size
    data.size_y = size_y if size_y else size
    data.energy = energy
    data.color = color
    data.cycles.is_portal = portal
    obj = bpy.data.objects.new(name, data)
    obj.location = location
    obj.rotation_euler = rotation
    bpy.context.scene.collection.objects.link(obj)
    return obj


def sun(rotation, strength, angle_degrees=1.5, color=(1, 0.95, 0.88)):
    data = bpy.data.lights.new('sun', 'SUN')
    data.energy = strength
    data.angle = math.radians(angle_degrees)
    data.color = color
    obj = bpy.data.objects.new('sun', data)
    obj.rotation_euler = rotation
    bpy.context.scene.collection.objects.link(obj)


def world_sky(strength, sun_elevation_degrees=35.0, sun_rotation_degrees=200.0, air=1.0, dust=1.0, sun_disc=True):
    world = bpy.data.worlds.new('world')
    bpy.context.scene.world = world
    world.use_nodes = True
    nodes, links = world.node_tree.nodes, world.node_tree.links
    sky = nodes.new('ShaderNodeTexSky')
    sky.sky_type = 'NISHITA'
    sky.sun_elevation = math.radians(sun_elevation_degrees)
    sky.sun_rotation = math.radians(sun_rotation_degrees)
    sky.sun_disc = sun_disc
    sky.air_density = air
    sky.dust_density = dust
    background = nodes['Background']
    background.inputs['Strength'].default_value = strength
    links.new(sky.outputs['Color'], background.inputs['Color'])


def camera(location, rotation_degrees, lens_mm, shift_x=0.0, shift_y=0.0):
    data = bpy.data.cameras.new('camera')
    data.lens = lens_mm
    data.sensor_width = 36
    data.shift_x = shift_x
    data.shift_y = shift_y
    obj = bpy.data.objects.new('camera', data)
    obj.location = location
    obj.rotation_euler = tuple(math.radians(a) for a in rotation_degrees)
    bpy.context.scene.collection.objects.link(obj)
    bpy.context.scene.camera = obj


def render_settings(
    output_path,
    width,
    height,
    *,
    samples,
    percent,
    seed,
    adaptive_threshold,
    diffuse_bounces,
    transmission_bounces,
    sample_clamp_indirect,
    light_sampling_threshold=None,
    look='Medium Contrast',
    exposure=0.0,
    denoiser,
):
    """Cycles on the CPU with a fixed seed (the same Blender renders the same pixels), Filmic, an 8-bit PNG.

    light_sampling_threshold None keeps Blender's own; denoiser holds compositor_denoiser's settings.
    """
    scene = bpy.context.scene
    scene.render.engine = 'CYCLES'
    scene.cycles.device = 'CPU'
    scene.cycles.samples = samples
    scene.cycles.use_adaptive_sampling = True
    scene.cycles.adaptive_threshold = adaptive_threshold
    scene.cycles.seed = seed
    scene.cycles.max_bounces = 6
    scene.cycles.diffuse_bounces = diffuse_bounces
    scene.cycles.glossy_bounces = 2
    scene.cycles.transmission_bounces = transmission_bounces
    scene.cycles.transparent_max_bounces = 4
    scene.cycles.caustics_reflective = False
    scene.cycles.caustics_refractive = False
    scene.cycles.blur_glossy = 1.0
    scene.cycles.sample_clamp_indirect = sample_clamp_indirect
    if light_sampling_threshold is not None:
        scene.cycles.light_sampling_threshold = light_sampling_threshold
    scene.cycles.use_denoising = False  # Debian's Blender is built without OpenImageDenoise
    scene.render.resolution_x = width
    scene.render.resolution_y = height
    scene.render.resolution_percentage = percent
    scene.render.threads_mode = 'AUTO'
    scene.render.film_transparent = False
    scene.view_settings.view_transform = 'Filmic'
    scene.view_settings.look = look
    scene.view_settings.exposure = exposure
    scene.render.image_settings.file_format = 'PNG'
    scene.render.image_settings.color_depth = '8'
    scene.render.filepath = output_path
    compositor_denoiser(scene, **denoiser)


def compositor_denoiser(scene, despeckle_threshold, iterations, sigma_color, sigma_space):
    """Debian's Blender has no OpenImageDenoise, so low-sample noise is smoothed in the compositor instead.

    Despeckle removes fireflies; a bilateral blur guided by the albedo and normal passes smooths flat areas without
    blurring edges or texture.
    """
    view_layer = scene.view_layers[0]
    view_layer.use_pass_normal = True
    view_layer.use_pass_diffuse_color = True
    scene.use_nodes = True
    tree = scene.node_tree
    for node in list(tree.nodes):
        tree.nodes.remove(node)
    layers = tree.nodes.new('CompositorNodeRLayers')
    despeckle = tree.nodes.new('CompositorNodeDespeckle')
    despeckle.threshold = despeckle_threshold
    despeckle.threshold_neighbor = despeckle_threshold
    guide = tree.nodes.new('CompositorNodeMixRGB')
    guide.blend_type = 'ADD'
    guide.inputs['Fac'].default_value = 0.5
    bilateral = tree.nodes.new('CompositorNodeBilateralblur')
    bilateral.iterations = iterations
    bilateral.sigma_color = sigma_color
    bilateral.sigma_space = sigma_space
    composite = tree.nodes.new('CompositorNodeComposite')
    links = tree.links
    links.new(layers.outputs['Image'], despeckle.inputs['Image'])
    links.new(layers.outputs['DiffCol'], guide.inputs[1])
    links.new(layers.outputs['Normal'], guide.inputs[2])
    links.new(despeckle.outputs['Image'], bilateral.inputs['Image'])
    links.new(guide.outputs['Image'], bilateral.inputs['Determinator'])
    links.new(bilateral.outputs['Image'], composite.inputs['Image'])
