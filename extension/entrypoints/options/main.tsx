import { OptionsApp } from '../../src/ui/options/OptionsApp';
import { mount } from '../../src/ui/mount';

mount(<OptionsApp />);
