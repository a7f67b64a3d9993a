// The dashboard's panels on where leads come from and what each car draws (issue 21). Types only.

export interface LeadsBySource {
  /** 'Facebook', 'Google', 'autos.example.cl', 'Directo'. */
  source: string;
  count: number;
}

export interface ViewedWithoutLeads {
  id: number;
  name: string;
  /** Views of its page in the last 30 days; it got no lead in that time. */
  views: number;
  adminUrl: string;
}

export interface DashboardInsights {
  /** Leads of the last 30 days by source, most first. */
  leadsBySource: LeadsBySource[];
  /** Published vehicles most viewed in the last 30 days with no lead in that time, most viewed first. */
  viewedWithoutLeads: ViewedWithoutLeads[];
}

/** One row of the dashboard's 'Equipo de ventas' (admins only, issue 21): a salesperson, or nobody (ownerId null). */
export interface TeamMemberPerformance {
  /** The staff account; null for the row of leads nobody owns ('Sin asignar'). */
  ownerId: number | null;
  name: string;
  /**
   * Why a row that is not an active salesperson's is there (issue 31): 'Administrador' or 'Cuenta desactivada';
   * null for an active salesperson and for 'Sin asignar'.
   */
  note: string | null;
  /** Leads it owns that arrived in the last 30 days. */
  assigned: number;
  /**
   * Median time from arrival to first contact of the leads of the last 30 days whose first contact this person made
   * (whoever owns them now), in seconds; null when none. Leads contacted before who made it was recorded count for
   * their owner.
   */
  medianFirstContactSeconds: number | null;
  /** How many of those first contacts (the leads of the last 30 days) this person made: what the median is of. */
  firstContacts: number;
  /** Not contacted and past the promised time, now. */
  overdue: number;
  /** Closed (status 'cerrado') in the last 30 days. */
  closed: number;
}
