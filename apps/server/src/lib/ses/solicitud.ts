/**
 * The `solicitud` of a SES.HOSPEDAJES `comunicacion` request: the UTF-8 XML inside a real ZIP
 * archive (one entry), then Base64 (reference ses-hospedajes.md §1.3). Plain gzip or raw deflate
 * is answered with error 10111, so this writes the PKZIP container itself: one local file header,
 * the DEFLATE data (node:zlib), one central directory entry and the end record.
 */
import zlib from 'node:zlib';

/** OCA/pms's name for the entry, which has run in production; the manual does not fix one. */
export const SES_ZIP_ENTRY_NAME = 'data.xml';

export interface ZipOptions {
  /** Name of the single entry; default `data.xml`. */
  fileName?: string;
  /** Modification time recorded in the archive (UTC fields); default now. */
  date?: Date;
}

/** Zips the XML and encodes it in Base64, ready for `<solicitud>`. */
export function toSolicitud(xml: string | Uint8Array, options: ZipOptions = {}): string {
  const data = typeof xml === 'string' ? Buffer.from(xml, 'utf8') : Buffer.from(xml);
  return zipSingleFile(options.fileName ?? SES_ZIP_ENTRY_NAME, data, options.date).toString(
    'base64',
  );
}

/** A ZIP archive with one DEFLATE-compressed entry. */
export function zipSingleFile(fileName: string, data: Uint8Array, date: Date = new Date()): Buffer {
  const name = Buffer.from(fileName, 'utf8');
  const utf8Name = /[^\x20-\x7e]/.test(fileName);
  const flags = utf8Name ? 0x0800 : 0; // bit 11: the name is UTF-8
  const compressed = zlib.deflateRawSync(data, { level: 9 });
  const crc = zlib.crc32(data) >>> 0;
  const { time, day } = dosDateTime(date);

  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4); // version needed: 2.0 (deflate)
  local.writeUInt16LE(flags, 6);
  local.writeUInt16LE(8, 8); // method: deflate
  local.writeUInt16LE(time, 10);
  local.writeUInt16LE(day, 12);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(compressed.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(name.length, 26);
  local.writeUInt16LE(0, 28); // extra field length

  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4); // version made by: 2.0, MS-DOS attributes
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(flags, 8);
  central.writeUInt16LE(8, 10);
  central.writeUInt16LE(time, 12);
  central.writeUInt16LE(day, 14);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(compressed.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(name.length, 28);
  // extra length, comment length, disk number, internal and external attributes: 0
  central.writeUInt32LE(0, 42); // offset of the local header

  const centralOffset = local.length + name.length + compressed.length;
  const centralSize = central.length + name.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8); // entries on this disk
  end.writeUInt16LE(1, 10); // entries in total
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(centralOffset, 16);

  return Buffer.concat([local, name, compressed, central, name, end]);
}

/** MS-DOS date and time (2-second resolution, 1980–2107). */
function dosDateTime(date: Date): { time: number; day: number } {
  const year = Math.min(Math.max(date.getUTCFullYear(), 1980), 2107);
  const time =
    (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | Math.floor(date.getUTCSeconds() / 2);
  const day = ((year - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate();
  return { time, day };
}
