import { BackToListing } from '~/components/vehicle/back-to-listing';

export default BackToListing;
