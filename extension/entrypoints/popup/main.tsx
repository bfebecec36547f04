import { PopupApp } from '../../src/ui/popup/PopupApp';
import { prestart } from '../../src/ui/popup/prestart';
import { mount } from '../../src/ui/mount';

// The toolbar click's save goes out first; the popup draws meanwhile.
prestart();
mount(<PopupApp />);
