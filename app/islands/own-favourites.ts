import { OwnFavourites } from '~/components/saved/own-favourites';

export default OwnFavourites;
