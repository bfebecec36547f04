// Every jsdom test file: how long testing-library's findBy and waitFor keep looking for the state a
// test waits on. Pages load their code on first use and the fakes answer through promises; on a
// busy 2-core run that passes the library's default second. A budget, not a wait: a test still
// goes on the moment the state is there.
import { notifyManager } from '@tanstack/react-query';
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 10_000 });

// TanStack Query tells React of the cache's changes on a zero timeout, which the tests that fake
// timers (a debounce, a countdown) would hold back until they move the clock: here it tells at the
// end of the current task, which `await act(...)` and the tests' own waits let run.
notifyManager.setScheduler(queueMicrotask);
