import { inflateRawSync } from "node:zlib";
import { notA, type ReadLimits, refused, thousands, unpacksTooLarge } from "./refusal.ts";

/**
 * The one zip reader of uploads (decision 029): it trusts nothing the archive says about itself.
 * The end record must sit at the very end and agree with the central directory it points to, record
 * for record; ZIP64, encryption, split archives and duplicate names are refused; every entry is
 * inflated under a per-part and a total budget that counts the bytes zlib actually produces, so a
 * part's declared size never decides how much memory it gets.
 */

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EXTRA = 0x0001;
const END_SIZE = 22;
const CENTRAL_SIZE = 46;
const LOCAL_SIZE = 30;

/** True when the bytes start like a zip (a local file header). */
export const looksLikeZip = (bytes: Uint8Array) =>
  bytes.length >= 4 && Buffer.from(bytes.buffer, bytes.byteOffset, 4).readUInt32LE(0) === LOCAL;

function hasZip64Extra(bytes: Buffer, from: number, length: number): boolean {
  for (let at = from; at + 4 <= from + length; ) {
    if (bytes.readUInt16LE(at) === ZIP64_EXTRA) return true;
    at += 4 + bytes.readUInt16LE(at + 2);
  }
  return false;
}

/** The archive's parts by name, each inflated; refuses anything a hostile archive would use. */
export function readZip(bytes: Buffer, limits: ReadLimits): Map<string, Buffer> {
  const broken = () => notA("a readable .xlsx workbook", limits);
  const zip64 = () =>
    refused(415, "The workbook uses ZIP64, which a price sheet never needs; it was not read");

  // The end record: the last 22 bytes, or followed by exactly its comment.
  let end = -1;
  for (let at = bytes.length - END_SIZE; at >= Math.max(0, bytes.length - END_SIZE - 0xffff); at--) {
    if (bytes.readUInt32LE(at) === END && at + END_SIZE + bytes.readUInt16LE(at + 20) === bytes.length) {
      end = at;
      break;
    }
  }
  if (end < 0) throw notA("an .xlsx workbook", limits);
  // A ZIP64 locator before the end record (its counts and offsets would override the 32-bit ones);
  // a ZIP64 end record between directory and end record is refused below (the directory must end
  // exactly where the end record starts).
  if (end >= 20 && bytes.readUInt32LE(end - 20) === ZIP64_LOCATOR) throw zip64();
  const disk = bytes.readUInt16LE(end + 4);
  const directoryDisk = bytes.readUInt16LE(end + 6);
  const entriesHere = bytes.readUInt16LE(end + 8);
  const entries = bytes.readUInt16LE(end + 10);
  const directorySize = bytes.readUInt32LE(end + 12);
  const directoryAt = bytes.readUInt32LE(end + 16);
  if (entries === 0xffff || directorySize === 0xffffffff || directoryAt === 0xffffffff) throw zip64();
  if (disk !== 0 || directoryDisk !== 0 || entriesHere !== entries) throw broken();
  if (entries > limits.maxZipEntries) {
    throw refused(
      413,
      `The workbook has more than ${thousands(limits.maxZipEntries)} parts; it was not read`,
    );
  }
  if (directoryAt + directorySize !== end) throw broken();

  // Walk the whole directory: its records must be exactly as many as the end record says.
  const records: {
    name: string;
    method: number;
    flags: number;
    compressed: number;
    size: number;
    local: number;
  }[] = [];
  let at = directoryAt;
  while (at < end) {
    if (at + CENTRAL_SIZE > end || bytes.readUInt32LE(at) !== CENTRAL) throw broken();
    if (records.length >= entries) {
      throw refused(415, "The workbook's directory lists more parts than its end record; it was not read");
    }
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const next = at + CENTRAL_SIZE + nameLength + extraLength + commentLength;
    if (next > end) throw broken();
    const compressed = bytes.readUInt32LE(at + 20);
    const size = bytes.readUInt32LE(at + 24);
    const local = bytes.readUInt32LE(at + 42);
    if (
      compressed === 0xffffffff ||
      size === 0xffffffff ||
      local === 0xffffffff ||
      bytes.readUInt16LE(at + 34) === 0xffff ||
      hasZip64Extra(bytes, at + CENTRAL_SIZE + nameLength, extraLength)
    ) {
      throw zip64();
    }
    records.push({
      name: bytes.toString("utf8", at + CENTRAL_SIZE, at + CENTRAL_SIZE + nameLength),
      flags: bytes.readUInt16LE(at + 8),
      method: bytes.readUInt16LE(at + 10),
      compressed,
      size,
      local,
    });
    at = next;
  }
  if (records.length !== entries) {
    throw refused(415, "The workbook's directory lists fewer parts than its end record; it was not read");
  }

  const parts = new Map<string, Buffer>();
  let budget = limits.maxUnzippedBytes;
  for (const record of records) {
    if (parts.has(record.name)) {
      throw refused(
        415,
        `The workbook holds two parts named "${record.name.slice(0, 100)}"; it was not read`,
      );
    }
    if (record.flags & 0x1)
      throw refused(415, "The workbook is encrypted; please save it without a password");
    const local = record.local;
    if (local + LOCAL_SIZE > directoryAt || bytes.readUInt32LE(local) !== LOCAL) throw broken();
    const nameLength = bytes.readUInt16LE(local + 26);
    const extraLength = bytes.readUInt16LE(local + 28);
    if (hasZip64Extra(bytes, local + LOCAL_SIZE + nameLength, extraLength)) throw zip64();
    const start = local + LOCAL_SIZE + nameLength + extraLength;
    if (start + record.compressed > directoryAt) throw broken();
    const data = bytes.subarray(start, start + record.compressed);
    // zlib stops and throws as soon as its output passes the allowance: the declared size is not used.
    const allowance = Math.min(limits.maxPartBytes, budget);
    let part: Buffer;
    if (record.method === 0) {
      if (data.length > allowance) throw unpacksTooLarge();
      part = data;
    } else if (record.method === 8) {
      try {
        part = inflateRawSync(data, { maxOutputLength: Math.max(1, allowance) });
      } catch (error) {
        if (error instanceof RangeError || (error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") {
          throw unpacksTooLarge();
        }
        throw broken();
      }
    } else throw broken();
    if (part.length !== record.size) throw broken();
    budget -= part.length;
    parts.set(record.name, part);
  }
  return parts;
}
