import { ListingFilters } from '~/components/listing/listing-filters';

export default ListingFilters;
