"""Play on several devices: the host's referee, the guests' side and the messages between them.

Plain Python, the same on CPython and in Pyodide: the page's WebRTC glue only carries the
text of each message from one device to another.
"""
