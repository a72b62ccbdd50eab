import { describe, expect, it } from 'vitest';
import { notificationTabs, projectCounts, projectCountText, userTabLabel } from './tabs';

const projectId = '00000000-0000-4000-b000-000000000001';
const otherId = '00000000-0000-4000-b000-000000000002';

describe("the user's tab (SPEC.md section 2)", () => {
  it("is '@username', else the first name, else 'Me'", () => {
    expect(userTabLabel({ username: 'ada', firstName: 'Ada' })).toBe('@ada');
    expect(userTabLabel({ username: null, firstName: 'Ada' })).toBe('Ada');
    expect(userTabLabel({ username: '  ', firstName: '' })).toBe('Me');
    expect(userTabLabel({})).toBe('Me');
  });
});

describe('tabs', () => {
  const counts = [
    { group: 'user', projectId: null, projectName: null, count: 2 },
    { group: `project:${projectId}`, projectId, projectName: 'Harbour Shop', count: 3 },
    { group: `project:${otherId}`, projectId: otherId, projectName: 'North Plant', count: 1 },
  ];

  it("are the user's, the current project's and Projects, each with its unread count", () => {
    const tabs = notificationTabs({
      user: { username: 'ada' },
      project: { id: projectId, name: 'Harbour Shop' },
      counts,
    });
    expect(tabs).toEqual([
      { key: 'user', label: '@ada', group: 'user', unread: 2 },
      { key: 'project', label: 'Harbour Shop', group: `project:${projectId}`, unread: 3 },
      { key: 'projects', label: 'Projects', group: undefined, unread: 4 },
    ]);
  });

  it('have no project tab without a current project', () => {
    const tabs = notificationTabs({ user: { firstName: 'Ada' }, project: undefined, counts: [] });
    expect(tabs.map((tab) => [tab.label, tab.unread])).toEqual([
      ['Ada', 0],
      ['Projects', 0],
    ]);
  });
});

describe('the Projects tab', () => {
  it("reads '{name} has {n} notification(s)'", () => {
    expect(projectCountText('Harbour Shop', 3)).toBe('Harbour Shop has 3 notification(s)');
    expect(projectCountText('North Plant', 1)).toBe('North Plant has 1 notification(s)');
  });

  it('lists the projects with unread notifications only', () => {
    expect(
      projectCounts([
        { group: 'user', projectId: null, projectName: null, count: 4 },
        { group: `project:${projectId}`, projectId, projectName: 'Harbour Shop', count: 0 },
        { group: `project:${otherId}`, projectId: otherId, projectName: 'North Plant', count: 2 },
      ]).map((entry) => entry.projectName),
    ).toEqual(['North Plant']);
  });
});
