// Every jsdom test file: how long testing-library's findBy and waitFor keep looking for the state a
// test waits on. Pages load their code on first use and the fakes answer through promises; on a
// busy 2-core run that passes the library's default second. A budget, not a wait: a test still
// goes on the moment the state is there.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 10_000 });
