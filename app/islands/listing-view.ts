import { ListingView } from '~/components/listing/listing-view';

export default ListingView;
