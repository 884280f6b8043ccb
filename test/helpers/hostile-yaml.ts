// Hostile policy text shared by the tests that prove a bad file never stalls or widens decisions.

/** A 9x9 nested-alias document ("billion laughs"): ~350 bytes that expand to 387 million nodes. */
export const LAUGHS =
  ['version: "1"', 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    .concat(
      'bcdefghi'.split('').map(
        (c, i) =>
          `${c}: &${c} [${Array(9)
            .fill('*' + 'abcdefghi'[i])
            .join(',')}]`,
      ),
    )
    .join('\n') + '\n';
