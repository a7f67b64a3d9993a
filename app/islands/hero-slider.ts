import { HeroSlider } from '~/components/home/hero-slider';

export default HeroSlider;
