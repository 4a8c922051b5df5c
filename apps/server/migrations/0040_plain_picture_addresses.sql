-- Picture addresses are plain (issue 27, decision 0106): a `/media/` address is names, none empty
-- and none starting with a dot, since a browser resolves `/media/../api/v1/health` outside
-- `/media/`. An address an older release took that breaks the rule could no longer be read back
-- through the API (the back office's menu would answer 500 and could not be edited): a dish
-- loses that photo, a restaurant that logo, and a story with it goes, having no picture to show.
-- The menus changed get a new version, so open menus and caches fetch them again.
with dishes_changed as (
  update dishes set photo = null
  where photo ->> 'url' !~ '^(/media(/[A-Za-z0-9_-][A-Za-z0-9_.-]*)+|https://\S+)$'
  returning restaurant_id
), stories_gone as (
  delete from stories
  where media ->> 'url' !~ '^(/media(/[A-Za-z0-9_-][A-Za-z0-9_.-]*)+|https://\S+)$'
  returning restaurant_id
)
update restaurants set menu_version = menu_version + 1
where id in (select restaurant_id from dishes_changed union select restaurant_id from stories_gone);

update restaurants set logo = null
where logo ->> 'url' !~ '^(/media(/[A-Za-z0-9_-][A-Za-z0-9_.-]*)+|https://\S+)$';
