import { useOpenGraphUrls, usePageMeta } from '../../layout/usePageTitle';
import { FeaturesSection } from './FeaturesSection';
import { Hero } from './Hero';
import { PricingSection } from './PricingSection';
import { PromotorsSection } from './PromotorsSection';

export function HomePage() {
  usePageMeta(
    'Bookmark manager for your toolbar and your team',
    'Save links into categories from your browser toolbar, keep favourites with screenshots, search everything, ' +
      "read your sites' feeds and share links with your team. Free to start.",
  );
  useOpenGraphUrls('/', '/icons/og-image.png');
  return (
    <>
      <Hero />
      <FeaturesSection />
      <PricingSection />
      <PromotorsSection />
    </>
  );
}
