import { readdir, readFile, rm, stat, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build, createServer, type Alias, type Plugin, type ResolvedConfig } from 'vite';

const TEMPLATE = 'public-page.html';
const COMPRESSIBLE = /\.(?:js|css|html|svg|xml|txt|json|webmanifest)$/;
const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

interface RenderModule {
  PUBLIC_PAGES: ReadonlyArray<{
    name: string;
    module: string;
    preloadImage?: { srcSet: string; sizes: string; type: string };
  }>;
  renderPublicPage: (page: RenderModule['PUBLIC_PAGES'][number]) => Promise<{ body: string; head: string }>;
}

/**
 * After the app's build, builds the public pages on their own (public-page.html), with 'react-router' replaced by
 * plain anchors (src/public-site/plain-links.tsx): they share the app's components but not its router, so the
 * landing page downloads none of the app's code.
 */
export function buildPublicPages(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'hearth:build-public-pages',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      await build({
        configFile: false,
        root: config.root,
        mode: config.mode,
        logLevel: config.logLevel,
        plugins: [react(), tailwindcss(), prerenderPublicPages()],
        resolve: { alias: publicPageAliases(config.root) },
        build: {
          outDir: config.build.outDir,
          emptyOutDir: false,
          rollupOptions: { input: { public: TEMPLATE } },
        },
      });
    },
  };
}

const publicPageAliases = (root: string): Alias[] => [
  { find: /^react-router$/, replacement: path.join(root, 'src/public-site/plain-links.tsx') },
];

/**
 * In the public pages' build: renders each public page (src/public-site/public-pages.ts) to HTML with the same
 * components the browser hydrates, and writes dist/pages/<name>.html from public-page.html with the page's head,
 * its body, its CSS inlined (one request fewer before the first paint) and a preload of its own chunk. Then every
 * text asset is stored gzip- and brotli-compressed beside itself, which the server sends to browsers that accept it.
 */
function prerenderPublicPages(): Plugin {
  let config: ResolvedConfig;
  /** Chunk files each dynamically imported module needs, by module path. */
  const chunksByModule = new Map<string, string[]>();

  return {
    name: 'hearth:prerender-public-pages',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_options, bundle) {
      const collect = (fileName: string, into: Set<string>) => {
        const chunk = bundle[fileName];
        if (!chunk || chunk.type !== 'chunk' || into.has(fileName)) return;
        into.add(fileName);
        for (const imported of chunk.imports) collect(imported, into);
      };
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk' || !output.facadeModuleId) continue;
        const files = new Set<string>();
        collect(output.fileName, files);
        chunksByModule.set(path.normalize(output.facadeModuleId), [...files]);
      }
    },
    async closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      const templatePath = path.join(outDir, TEMPLATE);
      const template = await readFile(templatePath, 'utf8');
      const server = await createServer({
        configFile: false,
        root: config.root,
        logLevel: 'error',
        appType: 'custom',
        plugins: [react()],
        resolve: { alias: publicPageAliases(config.root) },
        server: { middlewareMode: true, hmr: false, ws: false },
      });
      try {
        const { PUBLIC_PAGES, renderPublicPage } = (await server.ssrLoadModule(
          '/src/public-site/render-public-page.tsx',
        )) as RenderModule;
        await mkdir(path.join(outDir, 'pages'), { recursive: true });
        for (const page of PUBLIC_PAGES) {
          const { body, head } = await renderPublicPage(page);
          const preloads = (chunksByModule.get(path.resolve(config.root, page.module)) ?? [])
            .filter((file) => !template.includes(`/${file}"`))
            .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
          if (page.preloadImage) {
            const { srcSet, sizes, type } = page.preloadImage;
            preloads.unshift(
              `<link rel="preload" as="image" type="${type}" imagesrcset="${srcSet}" imagesizes="${sizes}" fetchpriority="high">`,
            );
          }
          const html = deferScripts(
            (await inlineStylesheets(template, outDir))
              .replace('<!--page-head-->', [head, ...preloads].join('\n    '))
              .replace('<!--page-body-->', body),
          );
          if (html.includes('<!--page-')) throw new Error(`${TEMPLATE} lost a placeholder`);
          await writeFile(path.join(outDir, 'pages', `${page.name}.html`), html);
        }
      } finally {
        await server.close();
      }
      await rm(templatePath);
      await precompress(outDir);
    },
  };
}

/**
 * The page is complete without JavaScript, so its scripts wait until the largest picture above the fold (the
 * one with fetchpriority="high") has loaded: on a slow phone connection the picture gets the bandwidth, and the
 * scripts that make the page interactive follow it. Module preloads move into that loader for the same reason.
 */
function deferScripts(html: string): string {
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
  const entry = html.match(/<script type="module" crossorigin src="([^"]+)"><\/script>/);
  if (!entry) throw new Error(`${TEMPLATE} has no entry script`);
  let result = html;
  for (const [tag] of preloads) result = result.replace(tag, '');
  const loader = `<script type="module">
      const start = () => {
        for (const href of ${JSON.stringify(preloads.map(([, href]) => href))}) {
          const link = document.createElement('link');
          link.rel = 'modulepreload';
          link.href = href;
          document.head.append(link);
        }
        import(${JSON.stringify(entry[1])});
      };
      const picture = document.querySelector('img[fetchpriority="high"]');
      if (!picture || picture.complete) start();
      else ['load', 'error'].forEach((event) => picture.addEventListener(event, start, { once: true }));
    </script>`;
  return result.replace(entry[0], () => loader);
}

/** Replaces the template's stylesheet links with the stylesheets themselves. */
async function inlineStylesheets(html: string, outDir: string): Promise<string> {
  const links = [...html.matchAll(/<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g)];
  let result = html;
  for (const [tag, file] of links) {
    const css = await readFile(path.join(outDir, file!), 'utf8');
    result = result.replace(tag, () => `<style>${css}</style>`);
  }
  return result;
}

async function precompress(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    if ((await stat(file)).size < 1024) continue;
    const content = await readFile(file);
    await writeFile(`${file}.gz`, await gzipAsync(content, { level: 9 }));
    await writeFile(
      `${file}.br`,
      await brotliAsync(content, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: content.length },
      }),
    );
  }
}
