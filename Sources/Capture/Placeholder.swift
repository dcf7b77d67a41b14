// SPDX-License-Identifier: MIT
import CV4L2
