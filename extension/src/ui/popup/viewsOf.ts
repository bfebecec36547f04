/**
 * The views a flow shows as it goes (each call of `show`), as an async iterable that ends when the
 * flow does. The popup's opening runs through it as a streamed query: a newer opening (another
 * tab, a waiting save that has left) is another key, so an older opening's late views land in its
 * own cache entry and never on screen, without a guard of the popup's own.
 */
export async function* viewsOf<V>(flow: (show: (view: V) => void) => Promise<unknown>): AsyncGenerator<V> {
  const shown: V[] = [];
  let ended = false;
  let wake = () => {};
  const end = () => {
    ended = true;
    wake();
  };
  // The flow says its own failures as views; a throw past them only ends the views.
  flow((view) => {
    shown.push(view);
    wake();
  }).then(end, end);
  for (;;) {
    if (shown.length) yield shown.shift()!;
    else if (ended) return;
    else await new Promise<void>((resolve) => (wake = resolve));
  }
}
