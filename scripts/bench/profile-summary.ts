// Summarises a V8 .cpuprofile: self and inclusive time by module and by function. A module is a
// package under node_modules, a source file of ours (read through the bundle's source map, since
// the server runs as one esbuild bundle), a Node internal, or one of V8's pseudo-frames (GC, program,
// idle). Inclusive time counts a frame once per sample however deep it recurses, and only the
// synchronous stack: work resumed after an await is charged to the frames that resumed it.
import fs from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const root = path.resolve(import.meta.dirname, '../..');
const maps = new Map<string, SourceMap | null>();

function sourceMapOf(file: string): SourceMap | null {
  if (!maps.has(file)) {
    const mapFile = `${file}.map`;
    maps.set(file, fs.existsSync(mapFile) ? new SourceMap(JSON.parse(fs.readFileSync(mapFile, 'utf8'))) : null);
  }
  return maps.get(file)!;
}

/** Where a frame's code comes from, and its line there. */
function locate(frame: CallFrame): { module: string; line: number } {
  const { url, functionName } = frame;
  if (!url) return { module: functionName.startsWith('(') ? functionName : '(native)', line: 0 };
  if (url.startsWith('node:')) return { module: `node:${url.slice(5).split('/').slice(0, 2).join('/')}`, line: 0 };
  const file = url.startsWith('file://') ? fileURLToPath(url) : url;
  const nm = file.lastIndexOf('/node_modules/');
  if (nm >= 0) {
    const parts = file.slice(nm + 14).split('/');
    return { module: parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!, line: frame.lineNumber + 1 };
  }
  const map = sourceMapOf(file);
  const entry = map?.findEntry(frame.lineNumber, frame.columnNumber) as
    { originalSource?: string; originalLine?: number } | undefined;
  if (entry?.originalSource) {
    const original = entry.originalSource.startsWith('file://')
      ? fileURLToPath(entry.originalSource)
      : path.resolve(path.dirname(file), entry.originalSource);
    const rel = path.relative(root, original);
    const inNm = rel.lastIndexOf('node_modules/');
    // Bundled packages (none today, but a bundle may inline one) still group by package.
    if (inNm >= 0) return { module: rel.slice(inNm + 13).split('/')[0]!, line: (entry.originalLine ?? 0) + 1 };
    return { module: rel, line: (entry.originalLine ?? 0) + 1 };
  }
  return { module: path.relative(root, file), line: frame.lineNumber + 1 };
}

type Row = { name: string; self: number; total: number };

function table(title: string, rows: Row[], busy: number, top: number): string {
  const pct = (us: number) => `${((100 * us) / busy).toFixed(1).padStart(5)}%`;
  const lines = rows
    .sort((a, b) => b.self - a.self)
    .slice(0, top)
    .map((r) => `${pct(r.self)} ${pct(r.total)}  ${r.name}`);
  return [`${title}  (self, inclusive; % of busy time)`, ...lines].join('\n');
}

/**
 * `fromMs`/`forMs`: only the samples in that window after the profile began (the load, without the
 * start and the sign-up); the profile starts with the process, a few ms after its spawn.
 */
export function summariseProfile(file: string, top = 20, fromMs = 0, forMs = Infinity): string {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

  const info = new Map<number, { module: string; fn: string }>();
  for (const n of profile.nodes) {
    const { module, line } = locate(n.callFrame);
    info.set(n.id, { module, fn: `${n.callFrame.functionName || '(anonymous)'}  ${module}${line ? `:${line}` : ''}` });
  }
  // The distinct modules and functions on each node's stack, root to node.
  const stacks = new Map<number, { modules: Set<string>; fns: Set<string> }>();
  const stackOf = (id: number): { modules: Set<string>; fns: Set<string> } => {
    let s = stacks.get(id);
    if (s) return s;
    const up = parent.get(id);
    const base = up === undefined ? { modules: new Set<string>(), fns: new Set<string>() } : stackOf(up);
    const i = info.get(id)!;
    s = { modules: new Set(base.modules).add(i.module), fns: new Set(base.fns).add(i.fn) };
    stacks.set(id, s);
    return s;
  };

  const modules = new Map<string, Row>();
  const fns = new Map<string, Row>();
  const row = (m: Map<string, Row>, name: string) => {
    let r = m.get(name);
    if (!r) m.set(name, (r = { name, self: 0, total: 0 }));
    return r;
  };
  let total = 0;
  let idle = 0;
  let at = 0;
  profile.samples.forEach((id, k) => {
    const dt = profile.timeDeltas[k] ?? 0;
    at += dt;
    if (at < fromMs * 1000 || at > (fromMs + forMs) * 1000) return;
    total += dt;
    const i = info.get(id)!;
    if (i.module === '(idle)') {
      idle += dt;
      return;
    }
    row(modules, i.module).self += dt;
    row(fns, i.fn).self += dt;
    const s = stackOf(id);
    for (const m of s.modules) row(modules, m).total += dt;
    for (const f of s.fns) row(fns, f).total += dt;
  });
  modules.delete('(root)');
  fns.delete('(root)  (root)');
  const busy = total - idle || 1;
  return [
    `sampled ${(total / 1e6).toFixed(1)} s, busy ${(busy / 1e6).toFixed(1)} s (${((100 * busy) / (total || 1)).toFixed(0)}%)`,
    table('by module', [...modules.values()], busy, top),
    table('by function', [...fns.values()], busy, top),
  ].join('\n\n');
}
