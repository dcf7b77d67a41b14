// SPDX-License-Identifier: MIT
print("pinhole")
