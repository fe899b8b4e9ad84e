/** A designer's projects (folders) for works. */
export interface WorkProjectsTable {
  id: string;
  user_id: string;
  name: string;
  created_at: string;
}

declare module '../../db/schema' {
  interface Database {
    work_projects: WorkProjectsTable;
  }
  interface TasksTable {
    /** The work's project; null: in none. */
    project_id: string | null;
  }
}
