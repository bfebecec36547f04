import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Stored files behind a small interface: the local disk under DATA_DIR/files (one machine), or the
 * database (databaseFileStore, for processes on several machines).
 */
export interface FileStore {
  /** Stores the bytes and answers the public path under /files/. */
  put(folder: string, name: string, data: Uint8Array): Promise<string>;
  read(publicPath: string): Promise<Buffer | null>;
  remove(publicPath: string | null | undefined): Promise<void>;
  /** The folder the files sit in, served as static files; null when they are not on this disk. */
  root: string | null;
}

const safeName = /^[\w.-]+$/;

/** /files/<folder>/<name>, refusing names that could climb out of the store. */
export function publicPathOf(folder: string, name: string): string {
  if (![folder, name].every((part) => safeName.test(part) && !part.startsWith('.')))
    throw new Error(`Unsafe file name ${folder}/${name}`);
  return `/files/${folder}/${name}`;
}

export function diskFileStore(dataDir: string): FileStore {
  const root = path.join(dataDir, 'files');
  const locate = (publicPath: string) => {
    const rel = publicPath.replace(/^\/files\//, '');
    const parts = rel.split('/');
    if (parts.length !== 2 || !parts.every((p) => safeName.test(p) && p !== '..')) return null;
    return path.join(root, ...parts);
  };
  return {
    root,
    async put(folder, name, data) {
      publicPathOf(folder, name);
      await fs.mkdir(path.join(root, folder), { recursive: true });
      const tmp = path.join(root, folder, `.${name}.tmp`);
      await fs.writeFile(tmp, data);
      await fs.rename(tmp, path.join(root, folder, name));
      return `/files/${folder}/${name}`;
    },
    async read(publicPath) {
      const file = locate(publicPath);
      return file ? fs.readFile(file).catch(() => null) : null;
    },
    async remove(publicPath) {
      const file = publicPath ? locate(publicPath) : null;
      if (file) await fs.rm(file, { force: true });
    },
  };
}
