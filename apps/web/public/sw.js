// The console's service worker: it only shows pushed notifications and opens them (SPEC.md
// section 4 "Push"). Plain and dependency-free, served as-is from the web root so its scope is '/'.
// The payload is the server's JSON: { id, title, body, image, url }.
'use strict';

// A new version takes over at once, and windows opened before the worker existed come under it:
// only a controlled window can be navigated from a notification click.
self.addEventListener('install', function () {
  self.skipWaiting();
});

self.addEventListener('activate', function (event) {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('push', function (event) {
  var data = {};
  try {
    data = (event.data && event.data.json()) || {};
  } catch (e) {
    data = { body: event.data ? event.data.text() : '' };
  }
  var options = { body: data.body || '', data: { url: data.url || '/' } };
  if (data.id) options.tag = String(data.id);
  if (data.image) options.icon = data.image;
  event.waitUntil(self.registration.showNotification(data.title || 'Notification', options));
});

self.addEventListener('notificationclick', function (event) {
  event.notification.close();
  var origin = self.location.origin;
  var target = new URL((event.notification.data && event.notification.data.url) || '/', origin);
  var href = target.href;

  function open() {
    return self.clients.openWindow(href);
  }

  event.waitUntil(
    // Another site's page opens beside the console rather than replacing it.
    target.origin !== origin
      ? open()
      : self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(function (windows) {
          var existing = windows.find(function (client) {
            return new URL(client.url).origin === origin;
          });
          if (!existing) return open();
          // An open console window takes the click: focused, then sent to the notification's page.
          return existing
            .focus()
            .then(function (focused) {
              return (focused || existing).navigate(href);
            })
            .catch(open);
        }),
  );
});
