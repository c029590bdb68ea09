import { resolveCombined } from './combined';
import type { TemplateDefinition } from './definition';

export type { TemplateDefinition } from './definition';

const stage = (room: string, style: string) =>
  `Virtually stage this ${room} with ${style}. Place furniture at realistic scale, resting on the floor with natural contact shadows, arranged so the room's size and flow are easy to read.`;

/** The templates Hearth ships with. Ids are stable: photos keep the id and name they were made with. */
export const TEMPLATE_CATALOG: readonly TemplateDefinition[] = [
  {
    id: 'bedroom',
    name: 'Bedroom',
    category: 'staging',
    alterations: ['staging'],
    isPopular: true,
    prompt: stage('bedroom', 'a queen bed with neutral linen bedding, two nightstands with lamps, and a soft area rug'),
  },
  {
    id: 'living-room',
    name: 'Living Room',
    category: 'staging',
    alterations: ['staging'],
    isPopular: true,
    prompt: stage(
      'living room',
      'a contemporary neutral sofa, a pair of accent chairs, a coffee table, an area rug and a few tasteful decor pieces',
    ),
  },
  {
    id: 'master-bedroom',
    name: 'Master bedroom',
    category: 'staging',
    alterations: ['staging'],
    isPopular: true,
    prompt: stage(
      'primary bedroom',
      'a king bed with an upholstered headboard, layered white and warm-grey bedding, matching nightstands and lamps, a bench at the foot of the bed and a large rug',
    ),
  },
  {
    id: 'home-office',
    name: 'Home Office',
    category: 'staging',
    alterations: ['staging'],
    isPopular: true,
    prompt: stage('room as a home office', 'a wooden desk, an ergonomic chair, a bookshelf, a desk lamp and a plant'),
  },
  {
    id: 'curb-appeal',
    name: 'Curb Appeal',
    category: 'staging',
    alterations: ['landscaping', 'exterior-staging'],
    isPopular: true,
    prompt:
      "Improve this home's curb appeal: tidy and refresh the landscaping with trimmed shrubs, fresh mulch and a few flowering plants, a healthy green lawn and a clean walkway. Do not change the house itself.",
  },
  {
    id: 'professional-enhancement',
    name: 'Professional Enhancement',
    category: 'enhancement',
    alterations: [],
    isPopular: true,
    prompt:
      'Enhance this photo like a professional real-estate photo editor: balanced white balance, bright natural exposure, recovered shadows and highlights, gentle contrast and clarity, natural colour and crisp detail.',
    localOperations: ['professional-enhancement'],
  },
  {
    id: 'blue-sky',
    name: 'Blue Sky',
    category: 'enhancement',
    alterations: ['sky'],
    isPopular: true,
    prompt:
      'Replace a grey or overcast sky with a clear, natural blue sky with a few soft clouds, matching the light of the scene. Change nothing else.',
    localOperations: ['blue-sky'],
  },
  {
    id: 'perfect-lawn',
    name: 'Perfect Lawn',
    category: 'enhancement',
    alterations: ['landscaping'],
    isPopular: true,
    prompt:
      'Make the lawn look healthy, even and green, as after a good season of care. Keep its shape and edges; change nothing else.',
    localOperations: ['perfect-lawn'],
  },
  {
    id: 'kitchen',
    name: 'Kitchen',
    category: 'staging',
    alterations: ['staging'],
    isPopular: false,
    prompt: stage(
      'kitchen',
      'bar stools at the island or counter, a bowl of fresh fruit, a few cookbooks and simple greenery, keeping the counters mostly clear',
    ),
  },
  {
    id: 'dining-room',
    name: 'Dining Room',
    category: 'staging',
    alterations: ['staging'],
    isPopular: false,
    prompt: stage('dining room', 'a dining table for six, upholstered chairs, a centrepiece and a rug under the table'),
  },
  {
    id: 'bathroom',
    name: 'Bathroom',
    category: 'staging',
    alterations: ['staging'],
    isPopular: false,
    prompt:
      'Stage this bathroom with fresh white towels, a small plant, a few neatly arranged toiletries and a bath mat. Keep all fixtures, tiles and mirrors exactly as they are.',
  },
  {
    id: 'kids-room',
    name: "Kids' Room",
    category: 'staging',
    alterations: ['staging'],
    isPopular: false,
    prompt: stage(
      "child's bedroom",
      'a twin bed with playful but calm bedding, a small desk, toy storage, a reading nook and a soft rug',
    ),
  },
  {
    id: 'nursery',
    name: 'Nursery',
    category: 'staging',
    alterations: ['staging'],
    isPopular: false,
    prompt: stage(
      'room as a nursery',
      'a crib, a glider chair, a dresser with a changing pad, soft textiles and a rug',
    ),
  },
  {
    id: 'patio',
    name: 'Patio',
    category: 'staging',
    alterations: ['exterior-staging'],
    isPopular: false,
    prompt:
      'Stage this patio or deck with outdoor lounge seating, a small table, potted plants and an outdoor rug. Keep the house, railings and landscape unchanged.',
  },
  {
    id: 'declutter',
    name: 'Declutter',
    category: 'staging',
    alterations: ['declutter'],
    isPopular: false,
    prompt:
      'Remove clutter and personal items (papers, small objects, photos, toiletries, cables) so the room looks clean and ready to list. Keep the furniture and everything built in.',
  },
  {
    id: 'empty-room',
    name: 'Empty Room',
    category: 'staging',
    alterations: ['furniture-removal'],
    isPopular: false,
    prompt:
      'Remove all furniture and movable objects to show the empty room, reconstructing the floor and walls behind them consistently.',
  },
  {
    id: 'twilight',
    name: 'Twilight',
    category: 'staging',
    alterations: ['twilight'],
    isPopular: false,
    prompt:
      'Turn this daytime exterior into a twilight photo: a deep blue dusk sky with a warm glow at the horizon, warm light in the windows and soft exterior lighting. Keep the house and landscaping unchanged.',
  },
];

const findInCatalog = (id: string) => TEMPLATE_CATALOG.find((t) => t.id === id);

/** A template of the catalog, or several chosen together under one id (combined.ts). */
export function findTemplate(id: string): TemplateDefinition | undefined {
  return findInCatalog(id) ?? resolveCombined(id, findInCatalog);
}
