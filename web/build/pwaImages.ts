import type { Plugin } from 'vite';
import { encodePng } from './png.js';

// The app's icons are drawn here at build time from the favicon's shapes (a blue hexagon holding two
// amber chain links), so that the PWA icons and the sharing image need no binary files or image tools.

type Rgba = [number, number, number, number];
type Point = [number, number];

const blue: Rgba = [0x19, 0x76, 0xd2, 255];
const deepBlue: Rgba = [0x0d, 0x47, 0xa1, 255];
const amber: Rgba = [0xff, 0xb2, 0x0f, 255];

// The favicon's hexagon on its 64-unit grid.
const hexagon: Point[] = [
  [32, 4],
  [56, 18],
  [56, 46],
  [32, 60],
  [8, 46],
  [8, 18],
];

function insidePolygon(x: number, y: number, poly: Point[]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i]!;
    const [xj, yj] = poly[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function distanceToSegment(x: number, y: number, [ax, ay]: Point, [bx, by]: Point): number {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(x - ax - t * dx, y - ay - t * dy);
}

// Two interlocking links along the diagonal, on the same 64-unit grid.
const u: Point = [Math.SQRT1_2, -Math.SQRT1_2];
const along = (d: number): Point => [32 + u[0] * d, 32 + u[1] * d];
const links: [Point, Point][] = [
  [along(-14), along(-2)],
  [along(2), along(14)],
];

function onLinks(x: number, y: number): boolean {
  for (const [a, b] of links) {
    const d = distanceToSegment(x, y, a, b);
    if (d >= 3.6 && d <= 7.4) return true;
  }
  return false;
}

interface Scene {
  width: number;
  height: number;
  background?: Rgba;
  /** Where the 64-unit mark sits, in pixels. */
  mark: { x: number; y: number; size: number };
  hexagon?: Rgba;
}

function colourAt(scene: Scene, px: number, py: number): Rgba | undefined {
  const x = ((px - scene.mark.x) / scene.mark.size) * 64;
  const y = ((py - scene.mark.y) / scene.mark.size) * 64;
  // Everything is drawn inside the 64-unit grid; outside it only the background shows.
  if (x < 0 || y < 0 || x > 64 || y > 64) return scene.background;
  if (onLinks(x, y)) return amber;
  if (scene.hexagon && insidePolygon(x, y, hexagon)) return scene.hexagon;
  return scene.background;
}

/**
 * Renders a scene. Edges get 4x4 samples a pixel so that they are smooth; a pixel whose four corners
 * agree is taken as flat, which keeps a 1200 px image fast to draw.
 */
export function draw(scene: Scene): Buffer {
  const { width, height } = scene;
  const rgba = new Uint8Array(width * height * 4);
  const n = 4;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      const corner = colourAt(scene, x, y);
      if (
        corner === colourAt(scene, x + 1, y) &&
        corner === colourAt(scene, x, y + 1) &&
        corner === colourAt(scene, x + 1, y + 1)
      ) {
        if (corner) rgba.set(corner, o);
        continue;
      }
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const c = colourAt(scene, x + (sx + 0.5) / n, y + (sy + 0.5) / n);
          if (!c) continue;
          // Premultiplied, so that transparent samples do not darken the edges.
          r += c[0] * c[3];
          g += c[1] * c[3];
          b += c[2] * c[3];
          a += c[3];
        }
      }
      if (a > 0) {
        rgba[o] = Math.round(r / a);
        rgba[o + 1] = Math.round(g / a);
        rgba[o + 2] = Math.round(b / a);
      }
      rgba[o + 3] = Math.round(a / (n * n));
    }
  }
  return encodePng(width, height, rgba);
}

/** The files, by their path under the site root. */
export function pwaImages(): Record<string, () => Buffer> {
  const icon = (size: number) => () => draw({ width: size, height: size, mark: { x: 0, y: 0, size }, hexagon: blue });
  // Maskable icons are cropped to a circle of 80% of their width: the links stay inside it.
  const filled = (size: number) => () =>
    draw({ width: size, height: size, background: blue, mark: { x: size * 0.1, y: size * 0.1, size: size * 0.8 } });
  return {
    'icons/icon-192.png': icon(192),
    'icons/icon-512.png': icon(512),
    'icons/maskable-512.png': filled(512),
    'icons/apple-touch-icon.png': filled(180),
    'icons/og-image.png': () =>
      draw({ width: 1200, height: 630, background: blue, hexagon: deepBlue, mark: { x: 390, y: 105, size: 420 } }),
  };
}

/** Emits the images into the build and serves them from the dev server. */
export function pwaImagesPlugin(): Plugin {
  const files = pwaImages();
  return {
    name: 'linkhive-pwa-images',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const make = files[(req.url ?? '').split('?')[0]!.slice(1)];
        if (!make) return next();
        res.setHeader('Content-Type', 'image/png');
        res.end(make());
      });
    },
    generateBundle() {
      for (const [fileName, make] of Object.entries(files)) this.emitFile({ type: 'asset', fileName, source: make() });
    },
  };
}
