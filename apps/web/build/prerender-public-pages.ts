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
 * its body and its CSS inlined (one request fewer before the first paint). A page with islands
 * (src/public-site/island.tsx) keeps the script that hydrates them; a page without any loads no JavaScript.
 * Then every text asset is stored gzip- and brotli-compressed beside itself, which the server sends to browsers
 * that accept it.
 */
function prerenderPublicPages(): Plugin {
  let config: ResolvedConfig;

  return {
    name: 'hearth:prerender-public-pages',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      const templatePath = path.join(outDir, TEMPLATE);
      const template = await inlineStylesheets(await readFile(templatePath, 'utf8'), outDir);
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
          const preloads: string[] = [];
          if (page.preloadImage) {
            const { srcSet, sizes, type } = page.preloadImage;
            preloads.push(
              `<link rel="preload" as="image" type="${type}" imagesrcset="${srcSet}" imagesizes="${sizes}" fetchpriority="high">`,
            );
          }
          const withContent = template
            .replace('<!--page-head-->', () => [head, ...preloads].join('\n    '))
            .replace('<!--page-body-->', () => body);
          const html = body.includes('data-island=') ? deferScripts(withContent) : withoutScripts(withContent);
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

const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;

/** A page without islands is static: it needs none of the template's scripts. */
function withoutScripts(html: string): string {
  if (!ENTRY_SCRIPT.test(html)) throw new Error(`${TEMPLATE} has no entry script`);
  return html.replace(MODULE_PRELOAD, '').replace(ENTRY_SCRIPT, '');
}

/**
 * The page is complete without JavaScript, so its scripts wait until the largest picture above the fold (the
 * one with fetchpriority="high") is on the screen: on a slow phone connection the picture gets the bandwidth,
 * its paint is not held up by script work, and the scripts that make the islands interactive follow it. Module
 * preloads move into that loader for the same reason.
 *
 * "On the screen" is the browser's largest-contentful-paint entry for that picture, which arrives once the frame
 * is presented (animation frames alone run too early: under load a frame is presented well after it was
 * painted). A browser without that API waits for the picture's load event and two animation frames. Where the
 * entry never comes (a page opened in a background tab, a window where the picture is not the largest element),
 * the scripts start a second after the page's load event.
 */
function deferScripts(html: string): string {
  const preloads = [...html.matchAll(MODULE_PRELOAD)];
  const entry = html.match(ENTRY_SCRIPT);
  if (!entry) throw new Error(`${TEMPLATE} has no entry script`);
  const loader = `<script type="module">
      let started = false;
      const start = () => {
        if (started) return;
        started = true;
        for (const href of ${JSON.stringify(preloads.map(([, href]) => href))}) {
          const link = document.createElement('link');
          link.rel = 'modulepreload';
          link.href = href;
          document.head.append(link);
        }
        import(${JSON.stringify(entry[1])});
      };
      const picture = document.querySelector('img[fetchpriority="high"]');
      const afterPaint = () => requestAnimationFrame(() => requestAnimationFrame(start));
      if (!picture) start();
      else if (PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) {
        new PerformanceObserver((list, observer) => {
          if (!list.getEntries().some((paint) => paint.element === picture)) return;
          observer.disconnect();
          start();
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      } else if (picture.complete) afterPaint();
      else ['load', 'error'].forEach((event) => picture.addEventListener(event, afterPaint, { once: true }));
      addEventListener('load', () => setTimeout(start, 1000));
    </script>
    `;
  return html.replace(MODULE_PRELOAD, '').replace(ENTRY_SCRIPT, () => loader);
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
