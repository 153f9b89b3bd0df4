// The encoder of a data format, for the explorer's export (which has every module loaded anyway;
// the scripting commands load only the one they print with).
import type { ListKind } from '../lists/names.js';
import { csvEncoder } from './csv.js';
import { jsonEncoder, type DataFormat, type RowEncoder } from './formats.js';

export function dataEncoder(kind: ListKind, format: DataFormat, ownerID?: string): RowEncoder {
  return format === 'csv' ? csvEncoder(kind, ownerID) : jsonEncoder(format);
}
