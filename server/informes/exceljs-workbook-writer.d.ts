// exceljs's streaming writer on its own: the package's entry also loads the reader, the CSV support
// and the in-memory workbook, which the cash-closing worker never uses (~13 MB and ~250 ms more per
// worker, bench/results/2026-11-22-a-26-historia.md). exceljs has no "exports" map, so the file is importable as is.
declare module 'exceljs/lib/stream/xlsx/workbook-writer.js' {
  import type ExcelJS from 'exceljs';

  const WorkbookWriter: typeof ExcelJS.stream.xlsx.WorkbookWriter;
  export default WorkbookWriter;
}
