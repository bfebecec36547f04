import { SidePanelApp } from '../../src/ui/sidepanel/SidePanelApp';
import { mount } from '../../src/ui/mount';

mount(<SidePanelApp />);
