import { PopupApp } from '../../src/ui/popup/PopupApp';
import { mount } from '../../src/ui/mount';

mount(<PopupApp />);
