import { gunzipSync, gzipSync } from 'node:zlib';

/**
 * A small ustar writer and reader (regular files only), enough for evidence bundles: node's
 * zlib gzips it, so bundles need no dependency and open with any `tar -xzf`.
 */
export interface TarEntry {
  path: string;
  data: Buffer;
}

const BLOCK = 512;

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

function splitName(path: string): { name: string; prefix: string } {
  if (Buffer.byteLength(path) <= 100) return { name: path, prefix: '' };
  for (let i = path.lastIndexOf('/'); i > 0; i = path.lastIndexOf('/', i - 1)) {
    const prefix = path.slice(0, i);
    const name = path.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(name) <= 100) return { name, prefix };
  }
  throw new Error(`The path ${path} is too long for a tar archive.`);
}

function header(path: string, size: number, mtime: number): Buffer {
  const h = Buffer.alloc(BLOCK);
  const { name, prefix } = splitName(path);
  h.write(name, 0, 100, 'utf8');
  h.write(octal(0o644, 8), 100, 'ascii');
  h.write(octal(0, 8), 108, 'ascii');
  h.write(octal(0, 8), 116, 'ascii');
  h.write(octal(size, 12), 124, 'ascii');
  h.write(octal(mtime, 12), 136, 'ascii');
  h.write('        ', 148, 'ascii');
  h.write('0', 156, 'ascii');
  h.write('ustar\0', 257, 'ascii');
  h.write('00', 263, 'ascii');
  h.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of h) sum += byte;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return h;
}

export function tarGz(entries: TarEntry[], mtime = 0): Buffer {
  const parts: Buffer[] = [];
  for (const e of entries) {
    parts.push(header(e.path, e.data.length, mtime), e.data);
    const pad = (BLOCK - (e.data.length % BLOCK)) % BLOCK;
    if (pad) parts.push(Buffer.alloc(pad));
  }
  parts.push(Buffer.alloc(BLOCK * 2));
  return gzipSync(Buffer.concat(parts), { level: 9 });
}

const field = (h: Buffer, start: number, len: number) => h.subarray(start, start + len).toString('utf8').replace(/\0.*$/s, '');

export function untarGz(archive: Buffer): TarEntry[] {
  const tar = gunzipSync(archive);
  const out: TarEntry[] = [];
  let offset = 0;
  while (offset + BLOCK <= tar.length) {
    const h = tar.subarray(offset, offset + BLOCK);
    if (h.every((b) => b === 0)) break;
    const name = field(h, 0, 100);
    const prefix = field(h, 345, 155);
    const size = parseInt(field(h, 124, 12).trim() || '0', 8);
    const type = field(h, 156, 1);
    offset += BLOCK;
    if (type === '0' || type === '') out.push({ path: prefix ? `${prefix}/${name}` : name, data: Buffer.from(tar.subarray(offset, offset + size)) });
    offset += Math.ceil(size / BLOCK) * BLOCK;
  }
  return out;
}
