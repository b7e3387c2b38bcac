/**
 * The `t` parameter as AppMeasurement writes it: `d/m/yyyy h:m:s weekday offset`, unpadded, with
 * JavaScript's zero-based month, Sunday = 0 and the offset from getTimezoneOffset() (minutes, west
 * positive). Adobe documents it so; CONTRACT §4 needs an independent parser of that protocol to read it.
 */
export function timestamp(d: Date): string {
  return `${d.getDate()}/${d.getMonth()}/${d.getFullYear()} ${d.getHours()}:${d.getMinutes()}:${d.getSeconds()} ${d.getDay()} ${d.getTimezoneOffset()}`;
}
