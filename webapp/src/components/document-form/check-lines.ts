/**
 * The zod check every document's lines share: blank lines are skipped (the keyboard flow's
 * trailing empty line never blocks a save), each started line is checked by the feature, and a
 * document whose lines are all blank gets the list's message ('Select at least one product.').
 */
import type { core } from 'zod/mini';

/** Says `message` on field `field` of the line being checked. */
export type LineIssue = (field: string, message: string) => void;

/** What checkLines needs. */
export interface LinesRule<L> {
  /** The array's name in the form ("lines"). */
  name: string;
  isBlank: (line: L) => boolean;
  /** The message on the list when no line is started. */
  required: string;
  /** The checks of one started line. */
  check: (line: L, issue: LineIssue) => void;
}

/** Checks `lines` inside a superRefine; answers how many lines were started. */
export function checkLines<L>(ctx: core.$RefinementCtx, lines: readonly L[], rule: LinesRule<L>): number {
  let started = 0;
  lines.forEach((line, i) => {
    if (rule.isBlank(line)) return;
    started += 1;
    rule.check(line, (field, message) => ctx.addIssue({ code: 'custom', path: [rule.name, i, field], message }));
  });
  if (started === 0) ctx.addIssue({ code: 'custom', path: [rule.name], message: rule.required });
  return started;
}
