import { SiteHeader } from '~/components/site-header';

export default SiteHeader;
