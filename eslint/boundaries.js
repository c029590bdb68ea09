// The architecture's walls as lint rules (docs/architecture.md): no import cycles; a server module reaches
// another only through its service.ts; business modules never reach adapters (the composition root and
// infrastructure pick them); a web feature never imports another feature; vendor SDKs only in adapters.
import { readdirSync } from 'node:fs';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';

const folders = (dir) =>
  readdirSync(new URL(`../${dir}`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const SERVER = './apps/server/src';
const MODULES = `${SERVER}/modules`;
const FEATURES = './apps/web/src/features';

/** Module X may import its own files and the service.ts of any other module, nothing else of theirs. */
const moduleZones = folders('apps/server/src/modules').map((name, _, all) => ({
  target: `${MODULES}/${name}`,
  from: MODULES,
  except: [`./${name}`, ...all.filter((other) => other !== name).map((other) => `./${other}/service.ts`)],
  message: `Reach another module only through its service.ts (modules own their tables and internals).`,
}));

/** A feature is a closed room: shared code lives in components/, lib/ or content/. */
const featureZones = folders('apps/web/src/features').map((name) => ({
  target: `${FEATURES}/${name}`,
  from: FEATURES,
  except: [`./${name}`],
  message: 'A feature may not import another feature: move what both need to components/, lib/ or content/.',
}));

const layerZones = [
  {
    target: `${SERVER}/modules`,
    from: `${SERVER}/adapters`,
    message: 'Business modules use infrastructure interfaces; the composition root or infrastructure picks adapters.',
  },
  { target: `${SERVER}/infrastructure`, from: MODULES, message: 'Infrastructure may not depend on business modules.' },
  { target: `${SERVER}/adapters`, from: MODULES, message: 'Adapters may not depend on business modules.' },
  { target: './packages', from: './apps', message: 'Packages may not depend on apps.' },
];

/** Vendor SDKs, each allowed only in its one adapter file (sharp only in packages/image-engine). */
const VENDOR_SDKS = [
  'pg-boss',
  'yazl',
  'nodemailer',
  '@paddle/paddle-node-sdk',
  'openai',
  '@google/genai',
  '@node-rs/argon2',
  '@aws-sdk/*',
  'prom-client',
  'qrcode',
];
const vendorMessage = 'Vendor SDKs are imported only in apps/server/src/adapters/ (one file per SDK).';

export const boundaries = [
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Which files are TypeScript to the plugin (without this, no-cycle silently skips every .ts file).
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'],
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: [...moduleZones, ...featureZones, ...layerZones] }],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/adapters/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: VENDOR_SDKS, message: vendorMessage },
            { group: ['sharp'], message: 'sharp belongs to packages/image-engine.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'e2e/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.{ts,mjs}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['sharp'], message: 'sharp belongs to packages/image-engine.' }] },
      ],
    },
  },
];
