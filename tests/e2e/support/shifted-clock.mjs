// A server's clock set to a chosen instant for a browser story (tests/e2e/back-office-week.spec.ts): loaded with
// `node --import`, it makes `Date` start at E2E_CLOCK_START and run at the real pace from there, for the server's own
// code and for the embedded database (PGlite reads the time through the same `Date.now`). The product has no clock
// of its own to set; production never loads this file.
const start = Date.parse(process.env.E2E_CLOCK_START ?? '');
if (Number.isNaN(start)) throw new Error('E2E_CLOCK_START must be an ISO 8601 instant');
const RealDate = Date;
const offset = start - RealDate.now();
const now = () => RealDate.now() + offset;

function ShiftedDate(...args) {
  if (!new.target) return new RealDate(now()).toString();
  return args.length === 0 ? new RealDate(now()) : new RealDate(...args);
}
Object.setPrototypeOf(ShiftedDate, RealDate);
ShiftedDate.prototype = RealDate.prototype;
ShiftedDate.now = now;
ShiftedDate.parse = RealDate.parse;
ShiftedDate.UTC = RealDate.UTC;
globalThis.Date = ShiftedDate;
