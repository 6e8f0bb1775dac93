// Preloaded by test/any-date.test.ts (node --require): moves this process's Date by CLOCK_SHIFT_DAYS, as faketime would.
const days = Number(process.env.CLOCK_SHIFT_DAYS ?? '0');
const shift = days * 86_400_000;
const RealDate = Date;
class ShiftedDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(RealDate.now() + shift);
    else super(...args);
  }
  static now() {
    return RealDate.now() + shift;
  }
}
globalThis.Date = ShiftedDate;
