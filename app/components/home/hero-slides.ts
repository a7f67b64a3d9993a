/** The three hero slides (docs/product.md Home); each shows 'Ver Vehículos' and 'Contáctanos'. */
export const HERO_SLIDES = [
  {
    eyebrow: 'Más de 50 vehículos disponibles',
    title: 'Tu próximo auto te espera',
    description:
      'Vehículos nuevos y usados revisados, con precios claros y un equipo que te acompaña de principio a fin.',
  },
  {
    eyebrow: 'Crédito directo y convencional',
    title: 'Financiamiento a tu medida',
    description: 'Financiamos hasta el 100% del valor, con cuotas fijas en pesos y respuesta rápida.',
  },
  {
    eyebrow: 'Compramos tu auto',
    title: 'Vende tu auto sin complicaciones',
    description: 'Tasamos tu vehículo y completamos la compra en menos de 48 horas, con pago inmediato.',
  },
] as const;

/** docs/product.md: the slider advances every 5 seconds. */
export const SLIDE_INTERVAL_MS = 5000;
