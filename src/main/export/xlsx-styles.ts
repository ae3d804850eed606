/**
 * The workbook's styles.xml and the cellXfs index of each style the sheets use: the
 * records' header and date-times, and the Summary sheet's titles, table headers and
 * banded, bordered body cells in each of its number formats.
 */
import { SUMMARY_FORMATS, type SummaryFormat } from './summary-sheet';

const NS_MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';

/** cellXfs indexes of the fixed styles. */
export const STYLE = { header: 1, datetime: 2, date: 3, title: 4, tableTitle: 5, tableHeader: 6 } as const;
const FIRST_SUMMARY_XF = 7;

/** numFmtId of each summary format (0 is General; 164+ are defined below). */
const SUMMARY_NUMBER_FORMATS: Record<SummaryFormat, number> = {
  text: 0,
  count: 166,
  percent: 167,
  seconds: 166,
  'seconds-tenths': 170,
  duration: 168,
  minutes: 169,
  money: 169,
  date: 165,
};

const NUMBER_FORMATS: readonly [number, string][] = [
  [164, 'yyyy-mm-dd hh:mm:ss'],
  [165, 'yyyy-mm-dd'],
  [166, '#,##0'],
  [167, '0.0%'],
  [168, '[h]:mm:ss'],
  [169, '#,##0.00'],
  [170, '#,##0.0'],
];

/** The style of a Summary body cell; every other row is shaded (`banded`). */
export function summaryStyle(format: SummaryFormat, banded: boolean): number {
  return FIRST_SUMMARY_XF + SUMMARY_FORMATS.indexOf(format) * 2 + (banded ? 1 : 0);
}

function xf(numFmtId: number, fontId: number, fillId: number, borderId: number, extra = ''): string {
  const apply =
    (numFmtId !== 0 ? ' applyNumberFormat="1"' : '') +
    (fontId !== 0 ? ' applyFont="1"' : '') +
    (fillId !== 0 ? ' applyFill="1"' : '') +
    (borderId !== 0 ? ' applyBorder="1"' : '');
  const open = `<xf numFmtId="${numFmtId}" fontId="${fontId}" fillId="${fillId}" borderId="${borderId}" xfId="0"${apply}`;
  return extra === '' ? `${open}/>` : `${open} applyAlignment="1">${extra}</xf>`;
}

function stylesXml(): string {
  // Fonts: 0 body, 1 bold, 2 sheet title, 3 table title. Fills: 2 header, 3 band. Border 1: thin, grey.
  const cellXfs = [
    xf(0, 0, 0, 0),
    xf(0, 1, 0, 0),
    xf(164, 0, 0, 0),
    xf(165, 0, 0, 0),
    xf(0, 2, 0, 0),
    xf(0, 3, 0, 0),
    xf(0, 1, 2, 1, '<alignment horizontal="center" vertical="center" wrapText="1"/>'),
    ...SUMMARY_FORMATS.flatMap((format) => [0, 3].map((fill) => xf(SUMMARY_NUMBER_FORMATS[format], 0, fill, 1))),
  ];
  const font = (extra: string, size: number): string =>
    `<font>${extra}<sz val="${size}"/><name val="Calibri"/><family val="2"/></font>`;
  const side = (name: string): string => `<${name} style="thin"><color rgb="FFBFBFBF"/></${name}>`;
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    `<styleSheet xmlns="${NS_MAIN}">` +
    `<numFmts count="${NUMBER_FORMATS.length}">` +
    NUMBER_FORMATS.map(([id, code]) => `<numFmt numFmtId="${id}" formatCode="${code}"/>`).join('') +
    '</numFmts>' +
    `<fonts count="4">${font('', 11)}${font('<b/>', 11)}${font('<b/>', 14)}${font('<b/>', 12)}</fonts>` +
    '<fills count="4"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill>' +
    '<fill><patternFill patternType="solid"><fgColor rgb="FFD9E1F2"/><bgColor indexed="64"/></patternFill></fill>' +
    '<fill><patternFill patternType="solid"><fgColor rgb="FFF2F2F2"/><bgColor indexed="64"/></patternFill></fill></fills>' +
    '<borders count="2"><border><left/><right/><top/><bottom/><diagonal/></border>' +
    `<border>${side('left')}${side('right')}${side('top')}${side('bottom')}<diagonal/></border></borders>` +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    `<cellXfs count="${cellXfs.length}">${cellXfs.join('')}</cellXfs>` +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
    '</styleSheet>'
  );
}

export const STYLES_XML = stylesXml();
