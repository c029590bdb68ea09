/**
 * What each template does, in plain words for the help center. The ids, names and kinds follow the server's
 * catalog (apps/server/src/modules/templates/catalog.ts); help-templates.test.ts keeps the two in step.
 */
export interface TemplateHelp {
  id: string;
  name: string;
  /** Enhancement templates run on Hearth's own engine; staging templates need the AI image provider. */
  kind: 'staging' | 'enhancement';
  popular: boolean;
  does: string;
}

export const TEMPLATE_HELP: readonly TemplateHelp[] = [
  {
    id: 'bedroom',
    name: 'Bedroom',
    kind: 'staging',
    popular: true,
    does: 'Adds a queen bed with neutral linen bedding, two nightstands with lamps and a soft area rug.',
  },
  {
    id: 'living-room',
    name: 'Living Room',
    kind: 'staging',
    popular: true,
    does: 'Adds a contemporary neutral sofa, a pair of accent chairs, a coffee table, an area rug and a few decor pieces.',
  },
  {
    id: 'master-bedroom',
    name: 'Master bedroom',
    kind: 'staging',
    popular: true,
    does: 'Adds a king bed with an upholstered headboard, layered bedding, matching nightstands and lamps, a bench at the foot of the bed and a large rug.',
  },
  {
    id: 'home-office',
    name: 'Home Office',
    kind: 'staging',
    popular: true,
    does: 'Turns the room into a home office: a wooden desk, an ergonomic chair, a bookshelf, a desk lamp and a plant.',
  },
  {
    id: 'curb-appeal',
    name: 'Curb Appeal',
    kind: 'staging',
    popular: true,
    does: 'Refreshes the landscaping of an exterior: trimmed shrubs, fresh mulch, flowering plants, a green lawn and a clean walkway. The house itself is not changed.',
  },
  {
    id: 'professional-enhancement',
    name: 'Professional Enhancement',
    kind: 'enhancement',
    popular: true,
    does: 'Edits the photo as a real-estate photo editor would: balanced white balance, brighter natural exposure, recovered shadows and highlights, gentle contrast and crisp detail.',
  },
  {
    id: 'blue-sky',
    name: 'Blue Sky',
    kind: 'enhancement',
    popular: true,
    does: 'Replaces a grey or overcast sky with a clear blue one and changes nothing else. A photo without visible sky comes back unchanged, with a note saying so.',
  },
  {
    id: 'perfect-lawn',
    name: 'Perfect Lawn',
    kind: 'enhancement',
    popular: true,
    does: 'Makes a patchy or straw-coloured lawn healthy, even and green, keeping its shape and edges. A photo without a lawn comes back unchanged, with a note.',
  },
  {
    id: 'bathroom',
    name: 'Bathroom',
    kind: 'staging',
    popular: false,
    does: 'Adds fresh white towels, a small plant, a few neat toiletries and a bath mat; fixtures, tiles and mirrors stay exactly as they are.',
  },
  {
    id: 'declutter',
    name: 'Declutter',
    kind: 'staging',
    popular: false,
    does: 'Removes clutter and personal items (papers, small objects, photos, cables) and keeps the furniture and everything built in.',
  },
  {
    id: 'dining-room',
    name: 'Dining Room',
    kind: 'staging',
    popular: false,
    does: 'Adds a dining table for six with upholstered chairs, a centrepiece and a rug under the table.',
  },
  {
    id: 'empty-room',
    name: 'Empty Room',
    kind: 'staging',
    popular: false,
    does: 'Removes all furniture and movable objects to show the empty room, filling in the floor and walls behind them.',
  },
  {
    id: 'kids-room',
    name: "Kids' Room",
    kind: 'staging',
    popular: false,
    does: 'Adds a twin bed with calm, playful bedding, a small desk, toy storage, a reading nook and a soft rug.',
  },
  {
    id: 'kitchen',
    name: 'Kitchen',
    kind: 'staging',
    popular: false,
    does: 'Adds bar stools at the island or counter, a bowl of fresh fruit, a few cookbooks and simple greenery, keeping the counters mostly clear.',
  },
  {
    id: 'nursery',
    name: 'Nursery',
    kind: 'staging',
    popular: false,
    does: 'Turns the room into a nursery: a crib, a glider chair, a dresser with a changing pad, soft textiles and a rug.',
  },
  {
    id: 'patio',
    name: 'Patio',
    kind: 'staging',
    popular: false,
    does: 'Stages a patio or deck with outdoor lounge seating, a small table, potted plants and an outdoor rug; the house, railings and landscape are unchanged.',
  },
  {
    id: 'twilight',
    name: 'Twilight',
    kind: 'staging',
    popular: false,
    does: 'Turns a daytime exterior into a twilight photo: a deep blue dusk sky with a warm glow, lit windows and soft exterior lights.',
  },
];
