// String-keyed lookup tables without a prototype. The readings look programs, subcommands,
// options and event names up by the text of the call, so a key is whatever the agent wrote: in a
// plain object literal `constructor`, `toString` or `__defineGetter__` finds Object.prototype's
// function, and a reading that then calls `.has` or `.test` on it throws (the call was refused
// as unreadable) or, worse, takes the function for an entry. A null-prototype table finds nothing.
export function table<T>(entries: NoInfer<Record<string, T>>): Record<string, T> {
  return Object.assign(Object.create(null) as Record<string, T>, entries);
}
