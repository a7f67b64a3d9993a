import { VehicleTabsWithFinancing } from '~/components/vehicle/vehicle-tabs';

export default VehicleTabsWithFinancing;
