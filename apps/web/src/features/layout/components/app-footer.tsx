import { SiteFooter } from '@fieldcraft/ui';
import { copyrightLine } from '../../../shared/config';
import { legalSections } from '../legal-sections';

/** The site footer: collapsible 'Legal Stuff' and the copyright line. */
export function AppFooter() {
  return <SiteFooter legalTitle="Legal Stuff" sections={legalSections} copyright={copyrightLine} />;
}
