/**
 * Where a workbook keeps its sheets: the package relationships name the workbook part, the
 * workbook lists its sheets (name, hidden or not, relationship id) and the 1904 date system, and
 * the workbook's relationships give each sheet's part and the shared strings and styles parts.
 */
import type { ReadProblem } from '../types';
import type { ZipEntry } from '../zip-check';
import { tagsNamed, unescapeXml } from './xml-text';
import { findPart, partText } from './zip-parts';

export interface WorkbookSheet {
  name: string;
  hidden: boolean;
  /** The sheet's part, or undefined when the workbook points nowhere. */
  part: ZipEntry | undefined;
}

export interface WorkbookParts {
  sheets: WorkbookSheet[];
  date1904: boolean;
  strings: ZipEntry | undefined;
  styles: ZipEntry | undefined;
}

/** Thrown when the package is one this reader leaves to SheetJS (xlsb, odd layouts). */
export class NotPlainXlsx extends Error {}

/** Thrown for a workbook no reader should try further (SheetJS would fail the same way, worse). */
export class XlsxRefused extends Error {
  constructor(readonly problem: ReadProblem) {
    super(problem.message);
  }
}

const officeDocument = /\/officeDocument$/;

export function workbookParts(bytes: Uint8Array, entries: readonly ZipEntry[]): WorkbookParts {
  const packageRels = findPart(entries, '_rels/.rels');
  const target = packageRels
    ? relationships(partText(bytes, packageRels), '').find((rel) => officeDocument.test(rel.type))
        ?.path
    : undefined;
  const workbookPath = target ?? 'xl/workbook.xml';
  if (!workbookPath.toLowerCase().endsWith('.xml')) throw new NotPlainXlsx(workbookPath);
  const workbook = findPart(entries, workbookPath);
  if (!workbook) throw new NotPlainXlsx(`no ${workbookPath}`);
  const folder = workbookPath.slice(0, workbookPath.lastIndexOf('/') + 1);
  const relsPart = findPart(entries, `${folder}_rels/${workbookPath.slice(folder.length)}.rels`);
  const rels = relsPart ? relationships(partText(bytes, relsPart), folder) : [];
  const byId = new Map(rels.map((rel) => [rel.id, rel.path]));
  const ofType = (type: string) => {
    const rel = rels.find((candidate) => candidate.type.endsWith(`/${type}`));
    return rel ? findPart(entries, rel.path) : undefined;
  };
  const xml = partText(bytes, workbook);
  const sheets = tagsNamed(xml, 'sheet').map((sheet) => {
    const path = byId.get(sheet.get('id') ?? '');
    return {
      name: unescapeXml(sheet.get('name') ?? ''),
      hidden: (sheet.get('state') ?? 'visible') !== 'visible',
      part: path === undefined ? undefined : findPart(entries, path),
    };
  });
  const properties = tagsNamed(xml, 'workbookPr').at(0);
  const date1904 = ['1', 'true'].includes(properties?.get('date1904') ?? '');
  return { sheets, date1904, strings: ofType('sharedStrings'), styles: ofType('styles') };
}

interface Relationship {
  id: string;
  type: string;
  path: string;
}

/** A relationships part, each target resolved against `folder` (absolute targets start at /). */
function relationships(xml: string, folder: string): Relationship[] {
  return tagsNamed(xml, 'Relationship').map((rel) => {
    const target = unescapeXml(rel.get('Target') ?? '');
    return {
      id: rel.get('Id') ?? '',
      type: rel.get('Type') ?? '',
      path: resolve(target.startsWith('/') ? target.slice(1) : folder + target),
    };
  });
}

/** `xl/worksheets/../sharedStrings.xml` → `xl/sharedStrings.xml`. */
function resolve(path: string): string {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}
